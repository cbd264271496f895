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
outcome-upstream-error-hint = The service could not answer right now. Try again shortly.
outcome-invalid = Unreadable answer
outcome-invalid-hint = The service sent an answer the bot cannot read. Try again shortly; if it keeps happening, tell an admin.

## Several IDs in one answer
summary-heading = {$kind}: {$count} IDs
summary-not-found = not found
summary-unauthorized = token rejected, tell an admin
summary-timeout = no answer in time
summary-busy = service busy
summary-upstream-error = service error
summary-invalid = unreadable answer
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

## Help and identity
help =
    I tell you whether a mobile-money payment went through.

    /collection <ID>: status of a collection (a customer payment)
    /airtime <ID>: status of an airtime purchase
    /status <ID>: when you do not know which of the two it is
    /watch <ID>: tell me here when a payment settles (/watches lists them, /unwatch <ID> stops)
    /whoami: your user and chat IDs

    Example: /collection TX-12345
    Several IDs at once: /collection TX-1 TX-2 TX-3
    Reply /collection to a message to check the IDs in it.
    Send a .csv or .txt file of IDs (with /collection, /airtime or /status as its caption) to check them all and get a report.
help-private-tip = In this private chat you can also just send an ID.
help-inline-tip = In any other chat, type @{$bot} TX-12345 to post a payment's status there.
whoami-user = User ID:
whoami-chat = Chat ID:
whoami-chat-type = Chat type:
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

## Watches
kind-either = Collection or airtime
button-notify = 🔔 Notify me
button-notify-count = 🔔 Notify me ({$count})
button-stop-notifying = 🔕 Stop notifying
button-stop = 🔕 Stop
button-unwatch = 🔕 {$id}
toast-watching = I'll message you here when it settles.
toast-already-watching = Already watching.
toast-stopped = Stopped: you will get no message about it.
toast-not-watching = You were not watching this.
toast-nothing-to-watch = Already settled: nothing to watch.
toast-watch-limit = You can watch at most {$max} payments at once. Stop some with /watches first.
watch-started-one = 🔔 I'll message you here when it settles (or if I give up on it).
watch-started-many = 🔔 I'll message you here as each of these {$count} payments settles (or if I give up on one).
watch-already = 🔔 Already watching: I'll message you here when it settles.
watch-nothing = Already settled: nothing to watch.
watch-limit = You can watch at most {$max} payments at once, and you watch {$active}. Stop some with /watches first.
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
bulk-progress = Checking {$total} {$kind} IDs… {$done}/{$total} {$bar} {$percent}%
button-cancel = ✖ Cancel
bulk-done = Checked {$total} {$kind} IDs from {$file}:
bulk-cancelled = Cancelled after {$done} of {$total} {$kind} IDs from {$file}:
bulk-stopped = Stopped by a restart after {$done} of {$total} {$kind} IDs from {$file}: send the file again to check the rest.
bulk-interrupted = Your check of {$total} IDs from {$file} was interrupted by a restart. Please send the file again.
bulk-count-success = ✅ {$count} success
bulk-count-failed = ❌ {$count} failed
bulk-count-not-final = ⏳ {$count} not final
bulk-count-not-found = 🔍 {$count} not found
bulk-count-unknown = ⚠️ {$count} could not check
bulk-count-invalid = ✏️ {$count} cells were not IDs (listed in the report)
bulk-report-caption = Statuses from {$file}
bulk-busy = You are already checking {$total} IDs. Cancel that first, or wait for it to finish.
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
