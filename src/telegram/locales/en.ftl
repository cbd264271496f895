# Every text a user sees. Keys are shared with fr.ftl; a test fails when one is missing.
# Variables are passed as strings, so IDs are never reformatted as numbers (123,456).

## Kinds of enquiry
kind-collection = Collection
kind-airtime = Airtime
kind-status = Collection or airtime

## One answer
label-payment = Payment:
label-reason = Reason:
label-mno-ref = MNO ref:
label-service-id = Service ID:
status-not-final = not final yet, check again later
no-reason = no reason given
checked-at = Checked {$time}
unknown-not-failed = The payment's status is unknown: this does not mean it failed.

outcome-not-found = Not found
outcome-not-found-hint = The service does not know this ID. Check the ID, or try {$command}.
outcome-not-found-anywhere = Not found as a collection or as an airtime purchase. Check the ID.
outcome-unauthorized = Could not check
outcome-unauthorized-hint = The service rejected the bot's access token. Please tell an admin.
outcome-unauthorized-hint-alerted = The service rejected the bot's access token; an admin has been told.
outcome-timeout = No answer in time
outcome-timeout-hint = The service did not answer in time. Try again shortly.
outcome-busy = Service busy
outcome-busy-hint = The service is busy right now. Try again in a minute.
outcome-upstream-error = Service error
# Between an answer's heading and what went wrong ("⚠️ Collection TX-1: Service error").
heading-separator = {": "}
outcome-upstream-error-hint = The service could not answer right now. Try again shortly.
outcome-invalid = Unreadable answer
outcome-invalid-hint = The service sent an answer the bot cannot read. Try again shortly; if it keeps happening, tell an admin.
outcome-could-not-check = Could not check
outcome-wrong-address-hint = The bot reached a web page, not the payment service: the service's address seems wrong, and the payment was not asked about. Please tell an admin.
outcome-wrong-address-hint-alerted = The bot reached a web page, not the payment service: the service's address seems wrong, and the payment was not asked about. An admin has been told.
outcome-no-token-hint = The bot could not get its access token from the service just now, so the payment was not asked about. Try again shortly.
outcome-token-refused-hint = The service refused the bot's credentials, so the payment was not asked about. Please tell an admin.
outcome-token-refused-hint-alerted = The service refused the bot's credentials, so the payment was not asked about; an admin has been told.

## Several IDs in one answer
summary-heading = {$kind}: { $count ->
    [one] {$count} ID
   *[other] {$count} IDs
}
summary-not-found = not found
summary-unauthorized = token rejected
summary-timeout = no answer in time
summary-busy = service busy
summary-upstream-error = service error
summary-invalid = unreadable answer
summary-wrong-address = wrong service address
summary-no-token = no access token, try again shortly
summary-token-refused = credentials refused
summary-admin-told = An admin has been told.
summary-tell-admin = Please tell an admin.
summary-unknown-note = Unknown is not failed: check again later.

## Asking
usage = Send {$command} with a transaction ID, for example: {$command} TX-12345
usage-invalid = That does not look like a transaction ID (up to 64 letters, digits and - _ . :). Example: {$command} TX-12345
usage-too-many = At most {$max} IDs at once, please. You sent {$count}.
pick-kind = What kind of transaction is this?
pick-kind-many = What kind of transactions are these ({$count} IDs)?
button-collection = Collection
button-airtime = Airtime
button-both = Both
button-refresh = 🔄 Refresh

## Buttons
toast-updated = Updated
toast-unchanged = No change yet
toast-expired = This button has expired. Please send the command again.
toast-not-allowed = Sorry, you are not allowed to use this bot here.
toast-slow-down = Too many requests, please wait a moment.
state-unavailable = I cannot reach my store right now, so I cannot do that (checking payments still works). Please try again in a few minutes.
toast-stale-button = This button is not on this message any more. Please try again.
toast-inline-unverified = This answer cannot be refreshed here: type @{$bot} and the ID again.

## Help and identity
help =
    I tell you whether a mobile-money payment went through.

    /collection <ID>: status of a collection (a customer payment)
    /airtime <ID>: status of an airtime purchase
    /status <ID>: when you do not know which of the two it is
    /watch <ID>: tell me here when a payment settles (/watches lists them, /unwatch <ID> stops)
    /history <ID>: what I told about a payment, and when (/mychecks: your own recent checks)
    /health: is the payment provider itself in trouble? (when many checks fail at once)
    /whoami: your user and chat IDs
    /language: the language I answer in

    Example: /collection TX-12345
    Several IDs at once: /collection TX-1 TX-2 TX-3
    Reply /collection to a message to check the IDs in it.
    Send a .csv or .txt file of IDs (with /collection, /airtime or /status as its caption) to check them all and get a report.
help-private-tip = In this private chat you can also just send an ID.
help-inline-tip = In any other chat, type @{$bot} TX-12345 to post a payment's status there.
whoami-user = User ID:
whoami-chat = Chat ID:
whoami-chat-type = Chat type:
whoami-topic = Topic ID:
whoami-allowed = You may ask for payment statuses here.
whoami-not-allowed = You may not ask for payment statuses here yet. Send these IDs to an admin.

## Access
access-denied-private = Sorry, this bot is private. Ask an admin to allow your user ID: {$userId}
access-denied-group = This group is not allowed to ask for payment statuses. Ask an admin to allow this chat ID: {$chatId}

## Limits
slow-down = You are sending requests too fast. Please wait a minute and try again.

## Command menu
command-collection = Check a collection payment
command-airtime = Check an airtime purchase
command-status = Check an ID of either kind
command-whoami = Show your user and chat IDs
command-help = How to use this bot

## Operators
admin-token-rejected = ⚠️ The payment provider rejected the bot's service token (HTTP {$status}). Users cannot check payments until it is replaced (ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE).
admin-chat-migrated = ⚠️ An allowed group was upgraded to a supergroup and got a new ID: {$formerId} → {$newId}. The bot keeps answering there; add {$newId} to ALLOWED_CHAT_IDS (the old ID can then go).
admin-store-emptied = ⚠️ The shared state store (Redis) was emptied while the bot was running: it was probably restarted without persistence. Lost: the payments being watched (nobody will be told when they settle) and the buttons under older answers. Run Redis with persistence (appendonly yes) so that it cannot happen again.
admin-state-file-lost = ⚠️ The state file was deleted or replaced while the bot was running. {$reason}
admin-token-rejected-obtained = ⚠️ The payment provider rejected a service token the bot had just obtained (HTTP {$status}). Check that these credentials may use the enquiry API, and ENQUIRY_HEADERS (a subscription key, a target environment). npm run doctor shows what works.
admin-credentials-refused = ⚠️ The payment provider refused the bot's credentials when it asked for a service token ({$reason}). Users cannot check payments until this is fixed: check ENQUIRY_TOKEN_URL, ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET (npm run doctor shows what works). The bot asks again about once a minute, and will say when it has a token again.
admin-token-obtained-again = ✅ The bot has obtained a service token again: payments can be checked.
admin-address-wrong = ⚠️ The payment service's address looks wrong: an enquiry ({$kind}) was answered HTTP {$status} with a web page, not by the API. Users are told their payments could not be checked. Check ENQUIRY_BASE_URL (npm run doctor shows what works).

## Watches
kind-either = Collection or airtime
button-notify = 🔔 Notify me
button-notify-count = 🔔 Notify me ({$count})
button-stop-notifying = 🔕 Stop notifying
button-stop = 🔕 Stop
button-unwatch = 🔕 {$id}
button-unwatch-kind = 🔕 {$id} · {$kind}
toast-watching = I'll message you here when it settles.
toast-already-watching = Already watching.
toast-stopped = Stopped: you will get no message about it.
toast-not-watching = You were not watching this.
toast-nothing-to-watch = Already settled: nothing to watch.
toast-watch-limit = You can watch at most { $max ->
    [one] one payment
   *[other] {$max} payments
} at once. Stop some with /watches first.
watch-started-one = 🔔 I'll message you here when it settles (or if I give up on it).
watch-started-many = 🔔 I'll message you here as each of these {$count} payments settles (or if I give up on one).
watch-already = 🔔 Already watching: I'll message you here when it settles.
watch-nothing = Already settled: nothing to watch.
watch-limit = You can watch at most { $max ->
    [one] one payment
   *[other] {$max} payments
} at once, and you watch {$active}. Stop some with /watches first.
watches-heading = Payments I watch for you here ({$count}):
watches-line = {$kind} · {$status} · since {$since} · next check {$next}
watches-empty = I am not watching any payment for you here. Send /watch <ID> to start.
watches-status-unknown = not checked yet
unwatch-done = Stopped watching {$ids}.
unwatch-none = You were not watching {$ids} here.
notice-settled = 🔔 Settled
notice-for = For:
notice-max-age = ⏳ Still not final after {$hours} h: I have stopped watching it. Ask the provider about it, quoting these references:
notice-not-found = 🔍 Still not found after {$minutes} min: I have stopped watching it. Check the ID with the customer; /watch it again if the payment was made later.
label-last-status = Last status:
label-transaction-id = Transaction ID:
command-watch = Tell me here when a payment settles
command-watches = Payments I watch for you here
command-unwatch = Stop watching a payment

## Inline mode
inline-hint-title = Check a payment
inline-hint-description = Type a transaction ID, or several separated by spaces or commas
inline-hint-message = To check a payment from any chat, type @{$bot} and a transaction ID, for example: @{$bot} TX-12345
inline-invalid-title = That is not a transaction ID
inline-invalid-description = Up to 64 letters, digits and - _ . : each, and at most 20 at once
inline-access-button = How to get access
inline-slow-down-button = Too many requests: wait a minute

## Bulk checks from a file
bulk-kind-collection = collection
bulk-kind-airtime = airtime
bulk-kind-status = collection or airtime
bulk-pick-kind = What kind of transactions are in {$file}?
bulk-progress = Checking { $total ->
    [one] {$total} {$kind} ID
   *[other] {$total} {$kind} IDs
}… {$done}/{$total} {$bar} {$percent}%
button-cancel = ✖ Cancel
bulk-done = Checked { $total ->
    [one] {$total} {$kind} ID
   *[other] {$total} {$kind} IDs
} from {$file}:
bulk-cancelled = Cancelled after {$done} of { $total ->
    [one] {$total} {$kind} ID
   *[other] {$total} {$kind} IDs
} from {$file}:
bulk-stopped = Stopped by a restart after {$done} of { $total ->
    [one] {$total} {$kind} ID
   *[other] {$total} {$kind} IDs
} from {$file}: send the file again to check the rest.
bulk-interrupted = Your check of { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
} from {$file} was interrupted by a restart. Please send the file again.
bulk-count-success = ✅ {$count} success
bulk-count-failed = ❌ {$count} failed
bulk-count-not-final = ⏳ {$count} not final
bulk-count-not-found = 🔍 {$count} not found
bulk-count-unknown = ⚠️ {$count} could not check
bulk-count-invalid = ✏️ { $count ->
    [one] {$count} cell was not an ID
   *[other] {$count} cells were not IDs
} (listed in the report)
bulk-count-invalid-some = ✏️ {$count} cells were not IDs (the first {$listed} are listed in the report)
bulk-report-caption = Statuses from {$file}
bulk-busy = You are already checking { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
}. Cancel that first, or wait for it to finish.
bulk-busy-reading = I am still reading the file you sent just before. Wait for its progress message, then send the next one.
bulk-too-large = That file is too large ({$size}): send at most {$max}.
bulk-wrong-type = Send the IDs as a .csv or .txt file.
bulk-not-text = That file is not text (a spreadsheet or an archive?). Save it as .csv or .txt and send it again.
bulk-no-ids = That file holds no transaction IDs.
bulk-too-many = That file holds {$count} different IDs: at most {$max} at once, please. Split it and send the parts one after the other.
bulk-download-failed = I could not fetch that file from Telegram. Please send it again.
bulk-photo = Send the list of IDs as a file (.csv or .txt), not as a photo.
toast-cancelled = Cancelled: the report of what was checked follows.
toast-cancel-nothing = Nothing to cancel.
unhandled-hint = I understand transaction IDs sent as text (TX-12345), commands such as /collection TX-12345, and lists of IDs as .csv or .txt files. /help shows everything.
unknown-command = I don't know that command. To check a payment: /collection TX-12345, /airtime TX-12345 or /status TX-12345. /help lists everything.
unknown-command-did-you-mean = I don't know that command. Did you mean {$command}? /help lists everything.
feature-off-cases = Cases are off here: an admin turns them on by setting SUPPORT_CHAT_ID.

## Managing access: strangers asking
access-denied-private-request = Sorry, this bot is private. Press Request access to ask the admins, or give an admin your user ID: {$userId}
button-request-access = 🙋 Request access
request-sent-note = ✅ Your request was sent to the admins. You will get a message here when they decide.
toast-request-sent = Your request was sent to the admins.
toast-request-pending = Your request is waiting for an admin.
toast-request-denied-recently = An admin declined your request. You can ask again after {$time}.
toast-request-too-many = Too many requests are waiting. Please try again later.
toast-request-already-allowed = You already have access: send /help to see what you can ask.
access-granted-welcome = ✅ An admin gave you access to this bot.
access-request-declined = An admin declined your request for access. You can ask again in a day.
access-revoked = Your access to this bot was removed by an admin.

## Managing access: invite links
invite-joined = ✅ Welcome! You now have access to this bot.
invite-invalid = This invite link is no longer valid. Ask an admin for a new one.
invite-already = You already have access to this bot.
invite-usage = Send /invite for a link one person may use, or /invite N for N people (at most {$max}); add whom it is for, to know it again in /invites: /invite 3 new agents in Kumasi.
admin-invite-created-one = 🔗 This link lets one person in, until {$until}. Send it to them privately: whoever opens it first gets access.
    {$link}
admin-invite-created-many = 🔗 This link lets {$count} people in, until {$until}. Send it privately: each of the first {$count} to open it gets access.
    {$link}
admin-invites-heading = Open invite links ({$count}):
admin-invites-line = by {$by} {$made} · {$left} of {$uses} left · until {$until}
admin-invites-line-for = for {$for} · by {$by} {$made} · {$left} of {$uses} left · until {$until}
admin-invites-empty = No invite link is open. /invite makes one.
button-uninvite = 🚫 {$id}
toast-invite-revoked = Invite link revoked.
toast-invite-gone = That link was no longer open.

## Managing access: groups
group-hello = 👋 Hello! Anyone in this group can now check payments here.
group-approved = ✅ An admin allowed this group: every member may now check payments here.
group-not-allowed-yet = This group may not check payments yet. I have asked the admins, and I will say here when they decide.
group-request-pending = The admins have already been asked about this group.
group-too-many = Too many requests are waiting for the admins. An admin can send /allow here.
group-request-declined = An admin declined access for this group.

## Managing access: what admins see
admin-request-user = 🙋 {$name} asks for access.
admin-request-group = 👥 {$by} added me to the group "{$title}" and asks for access for it.
label-user-id = User ID:
label-chat-id = Chat ID:
label-language = Language:
button-approve = ✅ Approve
button-deny = ❌ Deny
admin-request-approved = ✅ Approved by {$admin} at {$time}.
admin-request-denied = ❌ Denied by {$admin} at {$time}.
admin-request-expired = ⌛ This request expired without an answer.
toast-approved = Approved.
toast-denied = Denied.
toast-already-decided = Already decided by {$admin}.
toast-request-expired = This request has expired.
toast-admins-only = Only an admin can do this.
admin-joined = 🔗 {$name} ({$id}) joined with an invite from {$by}.
admin-group-added = 👥 {$by} added me to "{$title}" ({$id}): the group is allowed.
admin-group-removed = 👥 I was removed from "{$title}" ({$id}): its access ended.
admin-note-approved = 🛈 {$by} approved {$name} ({$id}).
admin-note-denied = 🛈 {$by} declined {$name} ({$id}).
admin-note-invited = 🛈 {$by} made an invite link for { $count ->
    [one] one person
   *[other] {$count} people
}.
admin-note-invite-revoked = 🛈 {$by} revoked the invite link {$id}.
admin-note-allowed = 🛈 {$by} allowed {$name} ({$id}).
admin-note-revoked = 🛈 {$by} removed the access of {$name} ({$id}).
admin-only-here = Use this in a private chat with me, or in the admins' chat.
admin-allow-usage = Send /allow with a user ID, or a group's ID (negative; /whoami in the group shows it). Inside a group, /allow alone allows that group.
admin-allowed-user = ✅ User {$id} may now use the bot.
admin-allowed-group = ✅ Group {$id} is now allowed.
admin-already-allowed = {$id} already has access.
admin-revoke-usage = Send /revoke with a user ID or a group's ID.
admin-revoked = 🚫 The access of {$name} ({$id}) was removed.
admin-revoke-config = {$id} is allowed by the configuration ({$list}): remove it there. Nothing was changed.
admin-revoke-none = {$id} has no access given from the chat.
admin-users-heading = Who may use the bot ({$count}), page {$page} of {$pages}:
admin-users-everyone = ALLOW_EVERYONE is on: everyone may use the bot.
admin-users-admin = admin (configuration)
admin-users-config-user = configuration (ALLOWED_USER_IDS)
admin-users-config-group = configuration (ALLOWED_CHAT_IDS)
admin-users-approved = approved by {$by} on {$date}
admin-users-invite = invite from {$by} on {$date}
admin-users-allowed = allowed by {$by} on {$date}
admin-users-added = added by {$by} on {$date}
admin-users-config-note = Entries from the configuration cannot be removed here: change ADMIN_USER_IDS, ALLOWED_USER_IDS or ALLOWED_CHAT_IDS.
button-revoke = 🚫 {$name}
button-previous = ◀
button-next = ▶
toast-revoked = Access removed.
toast-nothing-to-revoke = Nothing to remove: it was already gone, or comes from the configuration.
help-admin = As an admin: /invite makes an invite link (/invite N for N people), /invites lists the open ones, /users shows who may use the bot, /allow <ID> and /revoke <ID> give and take access. Strangers' requests come to you with Approve and Deny. /export sends the history of a day or a range as a CSV file (/export 2026-11-01 2026-11-30).
command-invite = Make an invite link
command-invites = Open invite links
command-users = Who may use the bot
command-allow = Give access to a user or group
command-revoke = Take access away

## Provider health
command-health = Is the payment provider working?
health-headline-normal = 🟢 The payment provider is working normally.
health-reason-item = { $reason } ({ $count })
health-kind-normal = { $kind }: normal
health-headline-trouble = { $level ->
    [down] 🔴 The payment provider is down for { $kinds }.
   *[degraded] 🟠 The payment provider is having trouble with { $kinds }.
}
health-kind-not-checked = { $kind }: { $level ->
    [down] down
   *[degraded] degraded
} since { $since }: { $percent } of { $count ->
    [one] { $count } enquiry
   *[other] { $count } enquiries
} not checked in 5 min.
health-kind-slow = { $kind }: degraded since { $since }: slow answers, 95 % within { $p95 }.
health-failures-high = ❗ { $kind }: unusually many failed payments since { $since }: { $failed } in the last hour ({ $percent } of final outcomes; { $baseline } the day before). Most frequent reason: { $reason }
health-window-5m = { $kind }, last 5 min
health-window-line = { $window }: { $count ->
    [one] { $count } enquiry
   *[other] { $count } enquiries
} · { $percent } not checked · p95 { $p95 }
health-window-empty = { $window }: no enquiries
health-sparkline = Not checked, last hour (one bar = 5 min): { $bars }
health-today = Today (since { $since }): ✅ { $success } succeeded · ❌ { $failed } failed
health-today-reasons = Most frequent failure reasons: { $reasons }
health-reason-line = { $rank }. { $reason } ({ $count })
health-reason-other = other reasons
health-reason-none = no reason given
health-waiting = ⏳ Watched payments not final after an hour: { $count }, the oldest since { $since }.
health-waiting-none = ⏳ No watched payment has waited more than an hour.
health-figures-note = The figures cover every enquiry the bot made to the provider, from every instance.
health-unavailable = The health figures cannot be read right now (the bot's state store does not answer). Checking payments still works.
health-admin-heading = For admins
health-admin-token = Service token: { $expiry }
health-admin-token-expires = expires { $day } (in { $left })
health-admin-token-expired = EXPIRED on { $day }
health-admin-token-unknown = no expiry date in it
health-admin-token-given = From {$variable}.
health-admin-token-obtained = Obtained by the bot (client credentials) at {$when}, renewed before it expires.
health-admin-token-obtained-lasting = Obtained by the bot (client credentials) at {$when}. It has no expiry, so it is renewed only if the provider refuses it.
health-admin-token-not-obtained = Obtained by the bot (client credentials): none yet.
health-admin-token-problem = { $kind ->
    [refused] ⚠️ The provider has refused the credentials since {$since}: {$reason}
   *[other] ⚠️ The token endpoint has not answered since {$since}: {$reason}
}
health-admin-store = State store: { $store ->
    [redis] Redis
   *[sqlite] embedded (SQLite)
}, { $status }
health-admin-store-ok = working
health-admin-store-degraded = DEGRADED: { $reason }
health-admin-topology = Redis master { $master }, { $replicas ->
    [one] { $replicas } replica
   *[other] { $replicas } replicas
} online
health-admin-topology-sentinels = Redis master { $master }, { $replicas ->
    [one] { $replicas } replica
   *[other] { $replicas } replicas
} online, seen by { $sentinels ->
    [one] { $sentinels } sentinel
   *[other] { $sentinels } sentinels
}
health-admin-instances = Instances running: { $count }
health-admin-background = Background checks waiting here: { $queue } · payments watched: { $watches }
health-detail-item = { $what }: { $count }
health-outcome-timeout = no answer in time
health-outcome-busy = busy
health-outcome-service-error = service errors
health-outcome-unreadable = unreadable answers
answer-provider-trouble = ⚠️ Not only this payment: { $kind } checks have had trouble since { $since } ({ $cause ->
    [slow] slow answers, 95 % within { $p95 }
   *[not-checked] { $percent } of enquiries could not be checked in the last 5 minutes
}).
answer-provider-trouble-watch = { answer-provider-trouble } Tap 🔔 Notify me to be told when it settles.
alert-service-started = { $level ->
    [down] 🔴 { $kind }: the payment provider is down
   *[degraded] 🟠 { $kind }: the payment provider is degraded
} since { $since }. { $cause ->
    [slow] Answers are slow: 95 % within { $p95 } over the last 5 minutes ({ $count } enquiries).
   *[not-checked] In the last 5 minutes { $percent } of { $count } enquiries could not be checked ({ $detail }).
}
alert-service-worse = 🔴 { $kind }: the payment provider is now down: { $percent } of { $count } enquiries could not be checked in the last 5 minutes ({ $detail }). In trouble since { $startedAt }.
alert-service-better = 🟠 { $kind }: better, but still degraded: { $percent } of { $count } enquiries could not be checked in the last 5 minutes. In trouble since { $startedAt }.
alert-service-recovered = 🟢 { $kind }: the payment provider is back to normal since { $since }, after { $duration } of trouble (at worst { $worst ->
    [down] down
   *[degraded] degraded
}).
alert-failures-started = ❗ { $kind }: unusually many failed payments: { $failed } in the last hour, { $percent } of final outcomes ({ $baseline } the day before). Most frequent reason: { $reason }. Perhaps a mobile network is refusing payments.
alert-failures-ended = ✅ { $kind }: failed payments are back to usual, after { $duration }.
alert-baseline-none = no final outcome
alert-token-in-3-days = 🔑 The service token expires in 3 days ({ $day }). Replace it before then (ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE), or nobody will be able to check payments.
alert-token-in-1-day = 🔑 The service token expires within a day ({ $day }). Replace it now (ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE), or nobody will be able to check payments.
alert-token-expired = 🔑 The service token expired on { $day }: the provider will refuse every check until it is replaced (ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE).
digest-heading = 📊 Daily summary, { $from } to { $to }
digest-enquiries = Enquiries: { $count } ({ $collection } collection, { $airtime } airtime), about { $payments ->
    [one] { $payments } distinct payment
   *[other] { $payments } distinct payments
}
digest-outcomes = ✅ { $success } succeeded · ❌ { $failed } failed · ⏳ { $pending } not final · 🔍 { $notFound } not found
digest-not-checked = Could not be checked: { $count } ({ $detail })
digest-not-checked-none = Every enquiry was answered.
digest-token-rejected = 🔒 Rejected for the service token: { $count }
digest-reasons = Most frequent failure reasons:
digest-trouble = { $kind }: { $service } degraded or down · { $failures } with failures unusually high
digest-trouble-none = The provider was never degraded or down.
digest-watched = Payments watched now: { $count }
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min
duration-hours = { $hours } h { $minutes } min
duration-days = { $days } d { $hours } h
duration-years = { $years ->
    [one] { $years } year
   *[other] { $years } years
}


## Moments: when something ends or may be done again (BOT_TIMEZONE)
moment-today = today at {$time}
moment-tomorrow = tomorrow at {$time}
moment-day = {$day} at {$time}

## Language
# This language's own name, as its speakers write it: shown on the /language buttons.

language-name = English
# Inside a sentence: "I answer you in English".
language-name-in-sentence = English
# How numbers and dates are written (an Intl language tag): en-GB writes 1,204 and 24 Nov 2026.
intl-locale = en-GB
command-language = Choose the bot's language
language-current-private = I answer you in { $language }. Choose another:
language-current-group = This group's language: { $language }. The group's administrators can change it:
language-current-group-unset = This group has no language of its own: everyone is answered in theirs ({ $language } for you). The group's administrators can set one:
language-chosen-private = ✅ From now on I answer you in { $language }.
language-chosen-group = ✅ This group's language is now { $language }: everyone here is answered in it.
language-group-admins-only = Only this group's administrators can change its language.
toast-language-chosen = { $language } ✓

## Cases: agents and the support team (SUPPORT_CHAT_ID)
button-ask-support = 🆘 Ask support
button-take = ✋ Take
button-resolved = ✅ Resolved
button-send-to-support = 📨 Send to support
help-cases = 🆘 Ask support, under an answer about a payment that is not SUCCESS, hands it to the support team as a case; so does /escalate <ID> and what the customer says. Reply to the case's messages to talk with support; /cases lists yours.
case-opened = 🆘 Case #{ $number } opened: the support team has it. Reply to this message to add what the customer says; support's answers come here.
case-joined-taken = 🆘 This payment already has an open case, #{ $number }, opened by another agent: { $name } from support has it. You are on the case too: you will be told when the payment settles and when the case is resolved. To write to support about it, reply to this message.
case-joined-waiting = 🆘 This payment already has an open case, #{ $number }, opened by another agent: nobody from support has taken it yet. You are on the case too: you will be told when someone takes it, when the payment settles and when it is resolved. To write to support about it, reply to this message.
case-joined-first = 👥 Case #{ $number }: another agent asked about this payment too. Support sees it on the case; what you and support write to each other stays between you.
case-joined-support = 👥 Case #{ $number }: { $name } also asked about this payment. Reply to this message to answer them; anything else written in the case goes to { $first }.
case-already = You are already in case #{ $number }. Reply to its messages to add to it.
case-success = This payment succeeded: there is nothing for support to do.
case-limit = You have { $max ->
    [one] { $max } open case
   *[other] { $max } open cases
}, the most one agent may have. Wait for support to resolve some first.
case-pick-kind = Which payment is { $id }: a collection or an airtime purchase?
case-usage = Send { $command } with a transaction ID, then what the customer says if you like, for example: { $command } TX-12345 the customer was charged twice
case-note-too-long = That note is too long ({ $count ->
    [one] { $count } character
   *[other] { $count } characters
}): at most { $max }, please.
case-private-only = Cases are between you and the support team: send /escalate in a private chat with me.
toast-case-private-only = Cases are opened in a private chat with me.
toast-case-support-only = Only the support team can do this, on the case's card in the support chat.
toast-case-gone = This case no longer exists.
toast-case-taken = You took case #{ $number }.
toast-case-already-taken = { $name } already took case #{ $number }.
toast-case-resolved = Case #{ $number } resolved.
toast-case-already-resolved = Case #{ $number } was already resolved.
case-card-heading = 🆘 Case #{ $number } · { $state ->
    [taken] ✋ taken
    [resolved] ✅ resolved
   *[open] waiting for someone to take it
}
case-card-checked = Status as last checked: { $time }
case-card-settled = 🔔 The payment settled at { $time }, while the case was open.
case-card-agent = Agent:
case-card-also-asked = Also asked by:
case-card-note = Customer says:
case-card-unreachable = ⚠️ The bot cannot write to this agent since { $time } (blocked?).
case-card-opened = Opened { $time }
case-card-taken = ✋ Taken by { $who } at { $time }
case-card-resolved = ✅ Resolved by { $who } at { $time }
case-taken-agent = ✋ { $name } from support is on case #{ $number }. Their messages will come here: reply to one to answer.
case-resolved-agent = ✅ { $name } from support resolved case #{ $number }. Nothing more will come about it; if the problem is still there, /escalate the payment again for a new case.
case-settled-agent = 🔔 Case #{ $number }: the payment settled, as shown below. The case stays open until support resolves it; reply to this message if there is anything to add.
case-settled-support = 🔔 Case #{ $number }: the payment settled, as shown below. Resolve the case on its card once the agent has what they need.
case-reminder = ⏰ Case #{ $number } has waited { $age } and nobody has taken it yet.
case-relay-from-support = 💬 { $name } (support), case #{ $number }:
case-relay-from-agent = 💬 { $name } (agent), case #{ $number }:
case-relay-forwarded = ↪️ Forwarded from { $origin }
case-relay-unreachable = ⚠️ Case #{ $number }: this did not reach { $name }: the bot cannot write to them (they may have blocked it).
case-relay-failed = ⚠️ Case #{ $number }: this did not reach { $name } (Telegram refused it). Try again in a moment.
case-relay-not-sent = ⚠️ Case #{ $number }: this did not reach support (Telegram refused it). Try again in a moment.
case-relay-resolved-support = Case #{ $number } is resolved: this did not reach its agents.
case-relay-resolved-agent = Case #{ $number } is resolved: this was not passed on. If the problem is still there, /escalate the payment again.
case-relay-kinds = Only text, photos and documents are passed on to support.
case-offer-one = 💬 Is this for support, about case #{ $number } ({ $payment })? The button sends it to them. Next time, reply to one of the case's messages (swipe it left) and it goes straight to support.
case-offer-many = 💬 You have { $count ->
    [one] { $count } open case
   *[other] { $count } open cases
}. To write to support about one, reply to one of its messages (swipe it left, or press and hold it and choose Reply):
case-offer-sent = 📨 Sent to support, case #{ $number }.
toast-case-sent = Sent to support.
cases-heading-support = Open cases ({ $count }), oldest first:
cases-none-support = No open case.
cases-heading-agent = Your open cases ({ $count }):
cases-none-agent = You have no open case. 🆘 Ask support under an answer, or /escalate <ID>, opens one.
cases-taken-by = taken by { $who }
cases-not-taken = nobody has taken it
case-age-new = under a minute
cases-where = /cases lists the open cases in the support chat, and yours in a private chat with me.
health-admin-cases = Open cases: { $open }, the oldest since { $since } · today: { $opened } opened, { $resolved } resolved
health-admin-cases-none = Open cases: none · today: { $opened } opened, { $resolved } resolved
digest-cases = Cases: { $opened } opened, { $resolved } resolved; open now: { $open }, the oldest since { $since }
digest-cases-none = Cases: { $opened } opened, { $resolved } resolved; none open now

## History: /history, a payment's timeline
command-history = What the bot told about a payment, and when
history-usage = Send /history with a transaction ID, for example: /history TX-12345 (add collection or airtime to see one kind only)
history-off = This bot keeps no history (HISTORY_DAYS is 0).
history-nothing = Nothing recorded for {$id}, checking it now.
history-title = 🕘 History of {$id}
history-first = first asked: { $said }
history-changed = status changed: { $said }
history-you = you
history-someone = someone
history-said-not-found = not found
history-said-unknown = could not check ({$cause})
history-repeats = checked { $count ->
    [one] once more
   *[other] {$count} more times
} by { $people ->
    [one] one person
   *[other] {$people} people
}, still {$status}
history-event-watch-started = 🔔 watch started by {$who}
history-event-watch-notified = 📣 settled notice sent to {$who}
history-event-case-opened = 🆘 case #{$number} opened by {$who}
history-event-case-taken = ✋ case #{$number} taken by {$who}
history-event-case-resolved = ✅ case #{$number} resolved by {$who}
history-event-receipt-made = 🧾 receipt no. {$number} made by {$who}: {$said}
history-event-receipt-revoked = 🧾 receipt no. {$number} revoked by {$who}
history-last-status = Last known status: {$status}
history-no-status = No status known yet.
history-page = Page {$page} of {$pages}
history-check-now = 🔄 Check now

## History: /mychecks, an agent's own checks
command-mychecks = Your own recent checks
mychecks-private = /mychecks lists your own checks: send it to me in a private chat.
mychecks-none = No checks of yours are recorded yet.
mychecks-title = 🧾 Your checks, newest first · page {$page}
mychecks-status-unknown = status unknown
mychecks-recheck = 🔄 Re-check { $count ->
    [one] the one still open
   *[other] the {$count} still open
}
mychecks-nothing-open = Nothing on this page is still open.
mychecks-csv = 📄 Last 30 days (CSV)
mychecks-csv-caption = Your checks of the last 30 days
mychecks-csv-none = You made no checks in the last 30 days.

## History: /export, for admins
command-export = Export the history as a CSV file
export-bad-date = I cannot read “{$text}” as a date: write it like 2026-11-24, or today.
export-bad-filter = I cannot read “{$text}”: filters are kind=collection or kind=airtime, status=SUCCESS, user=123456789.
export-too-long = That is {$days} days: one export covers at most 92 days. Split it in two.
export-reversed = The first date comes after the second: put them the other way round.
export-none = No checks between {$from} and {$to}.
export-progress = 📤 Exporting the history from {$from} to {$to}: { $count ->
    [one] one entry
   *[other] {$count} entries
} so far…
export-done = 📤 History from {$from} to {$to}: { $count ->
    [one] one entry
   *[other] {$count} entries
}, about { $payments ->
    [one] one payment
   *[other] {$payments} payments
}.
export-caption = Every entry from {$from} to {$to}
export-latest-caption = The latest status of each payment from {$from} to {$to}
export-failed = The export stopped before the end. Please try again in a moment.
export-stopped = 📤 The export stopped before the end: the bot was restarting. Send /export again in a minute.
export-running = An export of yours is still running: wait for its files, then ask again.

## History: the daily summary's line
digest-history = Checks yesterday: {$checks} by { $people ->
    [one] one person
   *[other] {$people} people
}; { $open ->
    [0] no payment
    [one] one payment
   *[other] {$open} payments
} still not final after 24 hours

## Receipts (🧾 under a final answer, /receipt, /verify, the check page)
command-receipt = A receipt for the customer: /receipt ID
command-verify = Check a receipt's code
button-receipt = 🧾 Receipt
receipt-status-success = Payment successful
receipt-status-failed = Payment failed
receipt-field-mno = MNO reference
receipt-field-service = Service transaction ID
receipt-field-reason = Failure reason
receipt-field-asked = Provider asked
receipt-field-number = Receipt number
receipt-field-transaction = Transaction ID
receipt-code-label = Verification code
receipt-verify-hint = Scan the code or open the link to check this receipt
receipt-caption-check = Check it: { $link }
receipt-usage = Send /receipt with a transaction ID, for example: /receipt TX-12345. Add collection or airtime for one kind, and en, fr, pt or sw for a receipt in another language: /receipt TX-12345 airtime sw
receipt-not-final = No receipt for { $id }: a receipt is only made when the provider says SUCCESS or FAILED.
receipt-failed-to-send = The receipt could not be made just now. Please try again in a minute.
receipt-revoke-usage = Send /receipt revoke with the receipt's code, for example: /receipt revoke R7KQ-4XM9-P2JD
receipt-revoke-admins = Only an admin can revoke a receipt.
receipt-revoked = Receipt no. { $number } ({ $id }) is revoked: its code now checks as unknown.
receipt-revoke-unknown = No such receipt: the code is wrong, or the receipt was already revoked or has expired.
verify-usage = Send /verify with the code printed on the receipt, for example: /verify R7KQ-4XM9-P2JD
verify-genuine-heading = ✅ A genuine receipt
verify-made = Made on { $when } by { $title }.
verify-now-heading = The provider says now
verify-now-differs = ⚠️ This is not what the receipt says: the payment's status has changed since the receipt was made.
verify-now-unchecked = The provider could not be asked just now: try again in a minute.
verify-unknown-heading = ❌ No such receipt
verify-unknown = No such receipt: it was not made by this service.
verify-rate-limited = Too many checks just now. Please try again in a few minutes.
verify-now-not-found = ❓ The provider no longer knows this payment.
verify-now-not-final = ⏳ Payment not final yet ({ $status })
help-receipts = 🧾 Receipt, under an answer whose status is final (or /receipt <ID>), makes a receipt picture to forward to the customer; anyone can check its code with /verify <code>, or by opening its link.
