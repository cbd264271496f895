# Tous les textes vus par un utilisateur. Mêmes clés que en.ftl ; un test échoue s'il en manque une.

## Types de demande
kind-collection = Encaissement
kind-airtime = Crédit d'appel
kind-status = Encaissement ou crédit d'appel

## Une réponse
label-payment = Paiement :
label-reason = Motif :
label-mno-ref = Réf. opérateur :
label-service-id = ID service :
status-not-final = pas encore définitif, revérifiez plus tard
no-reason = aucun motif donné
checked-at = Vérifié à {$time}
unknown-not-failed = Le statut du paiement est inconnu : cela ne veut pas dire qu'il a échoué.

outcome-not-found = Introuvable
outcome-not-found-hint = Le service ne connaît pas cet ID. Vérifiez l'ID, ou essayez {$command}.
outcome-not-found-anywhere = Introuvable comme encaissement et comme crédit d'appel. Vérifiez l'ID.
outcome-unauthorized = Vérification impossible
outcome-unauthorized-hint = Le service a refusé le jeton d'accès du bot. Prévenez un administrateur.
outcome-unauthorized-hint-alerted = Le service a refusé le jeton d'accès du bot ; un administrateur a été prévenu.
outcome-timeout = Pas de réponse à temps
outcome-timeout-hint = Le service n'a pas répondu à temps. Réessayez dans un instant.
outcome-busy = Service saturé
outcome-busy-hint = Le service est saturé. Réessayez dans une minute.
outcome-upstream-error = Erreur du service
# Between an answer's heading and what went wrong ("⚠️ Collection TX-1: Service error").
heading-separator = {" : "}
outcome-upstream-error-hint = Le service ne peut pas répondre pour l'instant. Réessayez dans un instant.
outcome-invalid = Réponse illisible
outcome-invalid-hint = Le service a envoyé une réponse que le bot ne sait pas lire. Réessayez dans un instant ; si cela continue, prévenez un administrateur.
outcome-could-not-check = Vérification impossible
outcome-wrong-address-hint = Le bot est tombé sur une page web au lieu du service de paiement : l'adresse du service semble erronée, et le service n'a pas été interrogé sur ce paiement. Prévenez un administrateur.
outcome-wrong-address-hint-alerted = Le bot est tombé sur une page web au lieu du service de paiement : l'adresse du service semble erronée, et le service n'a pas été interrogé sur ce paiement. Un administrateur a été prévenu.
outcome-no-token-hint = Le bot n'a pas pu obtenir son jeton d'accès auprès du service pour le moment ; le service n'a donc pas été interrogé sur ce paiement. Réessayez dans un instant.
outcome-token-refused-hint = Le service a refusé les identifiants du bot ; il n'a donc pas été interrogé sur ce paiement. Prévenez un administrateur.
outcome-token-refused-hint-alerted = Le service a refusé les identifiants du bot ; il n'a donc pas été interrogé sur ce paiement. Un administrateur a été prévenu.

## Plusieurs ID dans une réponse
summary-heading = {$kind} : {$count} ID
summary-not-found = introuvable
summary-unauthorized = jeton refusé
summary-timeout = pas de réponse à temps
summary-busy = service saturé
summary-upstream-error = erreur du service
summary-invalid = réponse illisible
summary-wrong-address = adresse du service erronée
summary-no-token = pas de jeton d'accès, réessayez dans un instant
summary-token-refused = identifiants refusés
summary-admin-told = Un administrateur a été prévenu.
summary-tell-admin = Prévenez un administrateur.
summary-unknown-note = Inconnu ne veut pas dire échoué : revérifiez plus tard.

## Demander
usage = Envoyez {$command} suivi d'un ID de transaction, par exemple : {$command} TX-12345
usage-invalid = Cela ne ressemble pas à un ID de transaction (64 lettres, chiffres et - _ . : au plus). Exemple : {$command} TX-12345
usage-too-many = {$max} ID au plus à la fois, s'il vous plaît. Vous en avez envoyé {$count}.
pick-kind = De quel type de transaction s'agit-il ?
pick-kind-many = De quel type sont ces transactions ({$count} ID) ?
button-collection = Encaissement
button-airtime = Crédit d'appel
button-both = Les deux
button-refresh = 🔄 Actualiser

## Boutons
toast-updated = Mis à jour
toast-unchanged = Pas encore de changement
toast-expired = Ce bouton a expiré. Renvoyez la commande.
toast-not-allowed = Désolé, vous n'êtes pas autorisé à utiliser ce bot ici.
toast-slow-down = Trop de demandes, patientez un instant.
state-unavailable = Je ne peux pas joindre mon stockage pour le moment, donc je ne peux pas faire cela (la vérification des paiements fonctionne toujours). Réessayez dans quelques minutes.
toast-stale-button = Ce bouton n'est plus sur ce message. Réessayez.
toast-inline-unverified = Cette réponse ne peut pas être actualisée ici : tapez @{$bot} et l'ID à nouveau.

## Aide et identité
help =
    Je vous dis si un paiement mobile money est passé.

    /collection <ID> : statut d'un encaissement (paiement d'un client)
    /airtime <ID> : statut d'un achat de crédit d'appel
    /status <ID> : quand vous ne savez pas lequel des deux
    /watch <ID> : vous prévenir ici quand le statut d'un paiement devient définitif (/watches les liste, /unwatch <ID> arrête)
    /history <ID> : ce que j'ai répondu à propos d'un paiement, et quand (/mychecks : vos dernières vérifications)
    /health : le fournisseur de paiement a-t-il lui-même des difficultés ? (quand beaucoup de vérifications échouent en même temps)
    /whoami : vos ID d'utilisateur et de discussion
    /language : la langue dans laquelle je réponds

    Exemple : /collection TX-12345
    Plusieurs ID à la fois : /collection TX-1 TX-2 TX-3
    Répondez /collection à un message pour vérifier les ID qu'il contient.
    Envoyez un fichier .csv ou .txt d'ID (avec /collection, /airtime ou /status en légende) pour tous les vérifier et recevoir un rapport.
help-private-tip = Dans cette discussion privée, vous pouvez aussi envoyer un ID seul.
help-inline-tip = Dans toute autre discussion, tapez @{$bot} TX-12345 pour y publier le statut d'un paiement.
whoami-user = ID utilisateur :
whoami-chat = ID discussion :
whoami-chat-type = Type de discussion :
whoami-topic = ID du sujet :
whoami-allowed = Vous pouvez demander des statuts de paiement ici.
whoami-not-allowed = Vous ne pouvez pas encore demander de statuts de paiement ici. Envoyez ces ID à un administrateur.

## Accès
access-denied-private = Désolé, ce bot est privé. Demandez à un administrateur d'autoriser votre ID utilisateur : {$userId}
access-denied-group = Ce groupe n'est pas autorisé à demander des statuts de paiement. Demandez à un administrateur d'autoriser l'ID de cette discussion : {$chatId}

## Limites
slow-down = Vous envoyez des demandes trop vite. Patientez une minute et réessayez.

## Menu des commandes
command-collection = Vérifier un encaissement
command-airtime = Vérifier un achat de crédit d'appel
command-status = Vérifier un ID de l'un ou l'autre type
command-whoami = Afficher vos ID utilisateur et discussion
command-help = Comment utiliser ce bot

## Exploitation
admin-token-rejected = ⚠️ Le fournisseur de paiement a refusé le jeton de service du bot (HTTP {$status}). Les utilisateurs ne peuvent plus vérifier de paiements tant qu'il n'est pas remplacé (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE).
admin-chat-migrated = ⚠️ Un groupe autorisé est devenu un supergroupe avec un nouvel ID : {$formerId} → {$newId}. Le bot continue d'y répondre ; ajoutez {$newId} à ALLOWED_CHAT_IDS (l'ancien ID peut alors être retiré).
admin-store-emptied = ⚠️ Le stockage partagé (Redis) a été vidé pendant que le bot tournait : il a sans doute redémarré sans persistance. Perdus : les paiements surveillés (personne ne sera prévenu quand ils aboutiront) et les boutons sous les anciennes réponses. Lancez Redis avec persistance (appendonly yes) pour que cela ne se reproduise pas.
admin-state-file-lost = ⚠️ Le fichier d'état a été supprimé ou remplacé pendant que le bot tournait. {$reason}
admin-token-rejected-obtained = ⚠️ Le fournisseur de paiement a refusé un jeton de service que le bot venait d'obtenir (HTTP {$status}). Vérifiez que ces identifiants ont accès à l'API de consultation, ainsi qu'ENQUIRY_HEADERS (clé d'abonnement, environnement cible). npm run doctor indique ce qui fonctionne.
admin-credentials-refused = ⚠️ Le fournisseur de paiement a refusé les identifiants du bot lors de la demande d'un jeton de service ({$reason}). Les utilisateurs ne peuvent plus vérifier de paiements tant que ce n'est pas corrigé : vérifiez ENQUIRY_TOKEN_URL, ENQUIRY_CLIENT_ID et ENQUIRY_CLIENT_SECRET (npm run doctor indique ce qui fonctionne). Le bot redemande environ une fois par minute, et préviendra quand il aura de nouveau un jeton.
admin-token-obtained-again = ✅ Le bot a de nouveau obtenu un jeton de service : les paiements peuvent être vérifiés.
admin-address-wrong = ⚠️ L'adresse du service de paiement semble erronée : une consultation ({$kind}) a reçu en réponse une page web (HTTP {$status}), et non une réponse de l'API. Les utilisateurs sont informés que leurs paiements n'ont pas pu être vérifiés. Vérifiez ENQUIRY_BASE_URL (npm run doctor indique ce qui fonctionne).

## Suivis
kind-either = Encaissement ou crédit d'appel
button-notify = 🔔 Me prévenir
button-notify-count = 🔔 Me prévenir ({$count})
button-stop-notifying = 🔕 Ne plus me prévenir
button-stop = 🔕 Arrêter
button-unwatch = 🔕 {$id}
button-unwatch-kind = 🔕 {$id} · {$kind}
toast-watching = Je vous écrirai ici quand son statut sera définitif.
toast-already-watching = Déjà suivi.
toast-stopped = Arrêté : vous ne recevrez pas de message à ce sujet.
toast-not-watching = Vous ne suiviez pas ce paiement.
toast-nothing-to-watch = Statut déjà définitif : rien à suivre.
toast-watch-limit = Vous pouvez suivre au plus { $max ->
    [one] {$max} paiement
   *[other] {$max} paiements
} à la fois. Arrêtez d'abord d'en suivre quelques-uns avec /watches.
watch-started-one = 🔔 Je vous écrirai ici quand son statut sera définitif (ou si j'abandonne le suivi).
watch-started-many = 🔔 Je vous écrirai ici à mesure que le statut de ces {$count} paiements deviendra définitif (ou si j'abandonne le suivi de l'un d'eux).
watch-already = 🔔 Déjà suivi : je vous écrirai ici quand son statut sera définitif.
watch-nothing = Statut déjà définitif : rien à suivre.
watch-limit = Vous pouvez suivre au plus { $max ->
    [one] {$max} paiement
   *[other] {$max} paiements
} à la fois, et vous en suivez {$active}. Arrêtez d'abord d'en suivre quelques-uns avec /watches.
watches-heading = Paiements que je suis pour vous ici ({$count}) :
watches-line = {$kind} · {$status} · depuis {$since} · prochaine vérification {$next}
watches-empty = Je ne suis aucun paiement pour vous ici. Envoyez /watch <ID> pour commencer.
watches-status-unknown = pas encore vérifié
unwatch-done = Suivi arrêté pour {$ids}.
unwatch-none = Vous ne suiviez pas {$ids} ici.
notice-settled = 🔔 Statut définitif
notice-for = Pour :
notice-max-age = ⏳ Toujours pas définitif après {$hours} h : j'arrête le suivi. Interrogez le fournisseur en citant ces références :
notice-not-found = 🔍 Toujours introuvable après {$minutes} min : j'arrête le suivi. Vérifiez l'ID avec le client ; relancez /watch si le paiement a été fait plus tard.
label-last-status = Dernier statut :
label-transaction-id = ID de transaction :
command-watch = Me prévenir quand le statut d'un paiement est définitif
command-watches = Paiements que je suis pour vous ici
command-unwatch = Arrêter de suivre un paiement

## Mode en ligne
inline-hint-title = Vérifier un paiement
inline-hint-description = Tapez un ID de transaction, ou plusieurs séparés par des espaces ou des virgules
inline-hint-message = Pour vérifier un paiement depuis n'importe quelle discussion, tapez @{$bot} puis un ID de transaction, par exemple : @{$bot} TX-12345
inline-invalid-title = Ce n'est pas un ID de transaction
inline-invalid-description = Jusqu'à 64 lettres, chiffres et - _ . : chacun, et au plus 20 à la fois
inline-access-button = Comment obtenir l'accès
inline-slow-down-button = Trop de demandes : patientez une minute

## Vérifications en lot depuis un fichier
bulk-kind-collection = d'encaissement
bulk-kind-airtime = de crédit d'appel
bulk-kind-status = d'encaissement ou de crédit d'appel
bulk-pick-kind = Quel type de transactions contient {$file} ?
bulk-progress = Vérification de {$total} ID {$kind}… {$done}/{$total} {$bar} {$percent} %
button-cancel = ✖ Annuler
bulk-done = { $total ->
    [one] {$total} ID {$kind} vérifié
   *[other] {$total} ID {$kind} vérifiés
} depuis {$file} :
bulk-cancelled = Annulé après {$done} sur {$total} ID {$kind} de {$file} :
bulk-stopped = Arrêté par un redémarrage après {$done} sur {$total} ID {$kind} de {$file} : renvoyez le fichier pour vérifier le reste.
bulk-interrupted = Votre vérification de {$total} ID du fichier {$file} a été interrompue par un redémarrage. Merci de renvoyer le fichier.
bulk-count-success = ✅ { $count ->
    [one] {$count} réussi
   *[other] {$count} réussis
}
bulk-count-failed = ❌ { $count ->
    [one] {$count} échoué
   *[other] {$count} échoués
}
bulk-count-not-final = ⏳ { $count ->
    [one] {$count} pas encore définitif
   *[other] {$count} pas encore définitifs
}
bulk-count-not-found = 🔍 { $count ->
    [one] {$count} introuvable
   *[other] {$count} introuvables
}
bulk-count-unknown = ⚠️ { $count ->
    [one] {$count} non vérifié
   *[other] {$count} non vérifiés
}
bulk-count-invalid = ✏️ { $count ->
    [one] {$count} cellule n'était pas un ID (listée dans le rapport)
   *[other] {$count} cellules n'étaient pas des ID (listées dans le rapport)
}
bulk-count-invalid-some = ✏️ {$count} cellules n'étaient pas des ID (les {$listed} premières sont listées dans le rapport)
bulk-report-caption = Statuts depuis {$file}
bulk-busy = Vous vérifiez déjà {$total} ID. Annulez d'abord, ou attendez la fin.
bulk-busy-reading = Je lis encore le fichier que vous venez d'envoyer. Attendez son message de progression, puis envoyez le suivant.
bulk-too-large = Ce fichier est trop gros ({$size}) : au plus {$max}.
bulk-wrong-type = Envoyez les ID dans un fichier .csv ou .txt.
bulk-not-text = Ce fichier n'est pas du texte (un tableur ou une archive ?). Enregistrez-le en .csv ou .txt et renvoyez-le.
bulk-no-ids = Ce fichier ne contient aucun ID de transaction.
bulk-too-many = Ce fichier contient {$count} ID différents : au plus {$max} à la fois, s'il vous plaît. Découpez-le et envoyez les parties l'une après l'autre.
bulk-download-failed = Je n'ai pas pu récupérer ce fichier auprès de Telegram. Merci de le renvoyer.
bulk-photo = Envoyez la liste d'ID sous forme de fichier (.csv ou .txt), pas de photo.
toast-cancelled = Annulé : le rapport de ce qui a été vérifié suit.
toast-cancel-nothing = Rien à annuler.
unhandled-hint = Je comprends les ID de transaction envoyés en texte (TX-12345), les commandes comme /collection TX-12345, et les listes d'ID en fichier .csv ou .txt. /help montre tout.
unknown-command = Je ne connais pas cette commande. Pour vérifier un paiement : /collection TX-12345, /airtime TX-12345 ou /status TX-12345. /help montre tout.
unknown-command-did-you-mean = Je ne connais pas cette commande. Vouliez-vous dire {$command} ? /help montre tout.
feature-off-cases = Les dossiers sont désactivés ici : un administrateur peut les activer en définissant SUPPORT_CHAT_ID.

## Managing access: strangers asking
access-denied-private-request = Désolé, ce bot est privé. Appuyez sur Demander l'accès pour le demander aux administrateurs, ou donnez à un administrateur votre ID utilisateur : {$userId}
button-request-access = 🙋 Demander l'accès
request-sent-note = ✅ Votre demande a été envoyée aux administrateurs. Vous recevrez un message ici quand ils auront décidé.
toast-request-sent = Votre demande a été envoyée aux administrateurs.
toast-request-pending = Votre demande attend un administrateur.
toast-request-denied-recently = Un administrateur a refusé votre demande. Vous pourrez redemander dès {$time}.
toast-request-too-many = Trop de demandes sont en attente. Réessayez plus tard.
toast-request-already-allowed = Vous avez déjà accès : envoyez /help pour voir ce que vous pouvez demander.
access-granted-welcome = ✅ Un administrateur vous a donné accès à ce bot.
access-request-declined = Un administrateur a refusé votre demande d'accès. Vous pourrez redemander dans un jour.
access-revoked = Un administrateur vous a retiré l'accès à ce bot.

## Managing access: invite links
invite-joined = ✅ Bienvenue ! Vous avez maintenant accès à ce bot.
invite-invalid = Ce lien d'invitation n'est plus valable. Demandez-en un nouveau à un administrateur.
invite-already = Vous avez déjà accès à ce bot.
invite-usage = Envoyez /invite pour un lien valable pour une personne, ou /invite N pour N personnes (au plus {$max}). Ajoutez pour qui il est, afin de le retrouver dans /invites, par exemple : /invite 3 nouveaux agents de Kumasi.
admin-invite-created-one = 🔗 Ce lien donne accès au bot à une personne, jusqu'à {$until}. Envoyez-le-lui en privé : la première personne qui l'ouvre obtient l'accès.
    {$link}
admin-invite-created-many = 🔗 Ce lien donne accès au bot à {$count} personnes, jusqu'à {$until}. Envoyez-le en privé : les {$count} premières personnes qui l'ouvrent obtiennent l'accès.
    {$link}
admin-invites-heading = Liens d'invitation ouverts ({$count}) :
admin-invites-line = par {$by}, {$made} · { $left ->
    [one] {$left} place restante
   *[other] {$left} places restantes
} sur {$uses} · jusqu'à {$until}
admin-invites-line-for = pour {$for} · par {$by}, {$made} · { $left ->
    [one] {$left} place restante
   *[other] {$left} places restantes
} sur {$uses} · jusqu'à {$until}
admin-invites-empty = Aucun lien d'invitation n'est ouvert. /invite en crée un.
button-uninvite = 🚫 {$id}
toast-invite-revoked = Lien d'invitation révoqué.
toast-invite-gone = Ce lien n'était plus ouvert.

## Managing access: groups
group-hello = 👋 Bonjour ! Tout membre de ce groupe peut maintenant vérifier des paiements ici.
group-approved = ✅ Un administrateur a autorisé ce groupe : tout membre peut maintenant vérifier des paiements ici.
group-not-allowed-yet = Ce groupe ne peut pas encore vérifier de paiements. J'ai demandé aux administrateurs, et je dirai ici ce qu'ils décident.
group-request-pending = Les administrateurs ont déjà été sollicités pour ce groupe.
group-too-many = Trop de demandes attendent les administrateurs. Un administrateur peut envoyer /allow ici.
group-request-declined = Un administrateur a refusé l'accès à ce groupe.

## Managing access: what admins see
admin-request-user = 🙋 {$name} demande l'accès.
admin-request-group = 👥 {$by} m'a ajouté au groupe « {$title} » et demande l'accès pour lui.
label-user-id = ID utilisateur :
label-chat-id = ID de la discussion :
label-language = Langue :
button-approve = ✅ Accepter
button-deny = ❌ Refuser
admin-request-approved = ✅ Acceptée par {$admin} à {$time}.
admin-request-denied = ❌ Refusée par {$admin} à {$time}.
admin-request-expired = ⌛ Cette demande a expiré sans réponse.
toast-approved = Acceptée.
toast-denied = Refusée.
toast-already-decided = Déjà décidée par {$admin}.
toast-request-expired = Cette demande a expiré.
toast-admins-only = Seul un administrateur peut faire cela.
admin-joined = 🔗 {$name} ({$id}) est entré avec une invitation de {$by}.
admin-group-added = 👥 {$by} m'a ajouté à « {$title} » ({$id}) : le groupe est autorisé.
admin-group-removed = 👥 J'ai été retiré de « {$title} » ({$id}) : son accès a pris fin.
admin-note-approved = 🛈 {$by} a accepté {$name} ({$id}).
admin-note-denied = 🛈 {$by} a refusé {$name} ({$id}).
admin-note-invited = 🛈 {$by} a créé un lien d'invitation pour { $count ->
    [one] une personne
   *[other] {$count} personnes
}.
admin-note-invite-revoked = 🛈 {$by} a révoqué le lien d'invitation {$id}.
admin-note-allowed = 🛈 {$by} a autorisé {$name} ({$id}).
admin-note-revoked = 🛈 {$by} a retiré l'accès de {$name} ({$id}).
admin-only-here = Utilisez cette commande en privé avec moi, ou dans la discussion des administrateurs.
admin-allow-usage = Envoyez /allow avec un ID utilisateur, ou l'ID d'un groupe (négatif ; /whoami dans le groupe le montre). Dans un groupe, /allow seul autorise ce groupe.
admin-allowed-user = ✅ L'utilisateur {$id} peut maintenant utiliser le bot.
admin-allowed-group = ✅ Le groupe {$id} est maintenant autorisé.
admin-already-allowed = {$id} a déjà l'accès.
admin-revoke-usage = Envoyez /revoke avec un ID utilisateur ou l'ID d'un groupe.
admin-revoked = 🚫 L'accès de {$name} ({$id}) a été retiré.
admin-revoke-config = {$id} est autorisé par la configuration ({$list}) : retirez-le là. Rien n'a été changé.
admin-revoke-none = {$id} n'a pas d'accès donné depuis la discussion.
admin-users-heading = Qui peut utiliser le bot ({$count}), page {$page} sur {$pages} :
admin-users-everyone = ALLOW_EVERYONE est activé : tout le monde peut utiliser le bot.
admin-users-admin = administrateur (configuration)
admin-users-config-user = configuration (ALLOWED_USER_IDS)
admin-users-config-group = configuration (ALLOWED_CHAT_IDS)
admin-users-approved = accepté par {$by} le {$date}
admin-users-invite = invitation de {$by} le {$date}
admin-users-allowed = autorisé par {$by} le {$date}
admin-users-added = ajouté par {$by} le {$date}
admin-users-config-note = Les entrées de la configuration ne peuvent pas être retirées ici : modifiez ADMIN_USER_IDS, ALLOWED_USER_IDS ou ALLOWED_CHAT_IDS.
button-revoke = 🚫 {$name}
button-previous = ◀
button-next = ▶
toast-revoked = Accès retiré.
toast-nothing-to-revoke = Rien à retirer : c'était déjà fait, ou cela vient de la configuration.
help-admin = En tant qu'administrateur : /invite crée un lien d'invitation (/invite N pour N personnes), /invites liste ceux qui sont ouverts, /users montre qui peut utiliser le bot, /allow <ID> et /revoke <ID> donnent et retirent l'accès. Les demandes d'inconnus vous arrivent avec Accepter et Refuser. /export envoie l'historique d'un jour ou d'une période sous forme de fichier CSV (/export 2026-11-01 2026-11-30).
command-invite = Créer un lien d'invitation
command-invites = Liens d'invitation ouverts
command-users = Qui peut utiliser le bot
command-allow = Donner l'accès à un utilisateur ou un groupe
command-revoke = Retirer un accès

## Provider health
command-health = Le fournisseur de paiement fonctionne-t-il ?
health-headline-normal = 🟢 Le fournisseur de paiement fonctionne normalement.
health-reason-item = { $reason } ({ $count })
health-kind-normal = { $kind } : normal
health-headline-trouble = { $level ->
    [down] 🔴 Le fournisseur de paiement est en panne pour : { $kinds }.
   *[degraded] 🟠 Le fournisseur de paiement a des difficultés pour : { $kinds }.
}
health-kind-not-checked = { $kind } : { $level ->
    [down] en panne
   *[degraded] dégradé
} depuis { $since } : { $percent } non vérifiées sur { $count ->
    [one] { $count } demande
   *[other] { $count } demandes
} en 5 min.
health-kind-slow = { $kind } : dégradé depuis { $since } : réponses lentes, 95 % en moins de { $p95 }.
health-failures-high = ❗ { $kind } : paiements échoués anormalement nombreux depuis { $since } : { $failed } dans la dernière heure ({ $percent } des résultats définitifs ; { $baseline } la veille). Motif le plus fréquent : { $reason }
health-window-5m = { $kind }, 5 dernières min
health-window-line = { $window } : { $count ->
    [one] { $count } demande
   *[other] { $count } demandes
} · { $percent } non vérifiées · p95 { $p95 }
health-window-empty = { $window } : aucune demande
health-sparkline = Non vérifiées, dernière heure (une barre = 5 min) : { $bars }
health-today = Aujourd'hui (depuis { $since }) : ✅ { $success ->
    [one] { $success } réussi
   *[other] { $success } réussis
} · ❌ { $failed ->
    [one] { $failed } échoué
   *[other] { $failed } échoués
}
health-today-reasons = Motifs d'échec les plus fréquents : { $reasons }
health-reason-line = { $rank }. { $reason } ({ $count })
health-reason-other = autres motifs
health-reason-none = aucun motif donné
health-waiting = ⏳ Paiements suivis toujours pas définitifs après une heure : { $count }, le plus ancien depuis { $since }.
health-waiting-none = ⏳ Aucun paiement suivi n'attend depuis plus d'une heure.
health-figures-note = Les chiffres couvrent toutes les demandes faites au fournisseur, par toutes les instances du bot.
health-unavailable = Les chiffres de santé sont illisibles pour le moment (le stockage du bot ne répond pas). La vérification des paiements fonctionne toujours.
health-admin-heading = Pour les administrateurs
health-admin-token = Jeton de service : { $expiry }
health-admin-token-expires = expire le { $day } (dans { $left })
health-admin-token-expired = EXPIRÉ le { $day }
health-admin-token-unknown = sans date d'expiration
health-admin-token-given = Fourni par la variable {$variable}.
health-admin-token-obtained = Obtenu par le bot (client credentials) à {$when}, renouvelé avant son expiration.
health-admin-token-obtained-lasting = Obtenu par le bot (client credentials) à {$when}. Il n'expire pas : il n'est renouvelé que si le fournisseur le refuse.
health-admin-token-not-obtained = Obtenu par le bot (client credentials) : aucun pour l'instant.
health-admin-token-problem = { $kind ->
    [refused] ⚠️ Le fournisseur refuse les identifiants depuis {$since} : {$reason}
   *[other] ⚠️ Le service qui délivre les jetons ne répond plus depuis {$since} : {$reason}
}
health-admin-store = Stockage : { $store ->
    [redis] Redis
   *[sqlite] intégré (SQLite)
}, { $status }
health-admin-store-ok = en état de marche
health-admin-store-degraded = DÉGRADÉ : { $reason }
health-admin-topology = Maître Redis { $master }, { $replicas ->
    [one] { $replicas } réplique
   *[other] { $replicas } répliques
} en ligne
health-admin-topology-sentinels = Maître Redis { $master }, { $replicas ->
    [one] { $replicas } réplique
   *[other] { $replicas } répliques
} en ligne, vu par { $sentinels ->
    [one] { $sentinels } sentinelle
   *[other] { $sentinels } sentinelles
}
health-admin-instances = Instances en marche : { $count }
health-admin-background = Vérifications en attente ici : { $queue } · paiements suivis : { $watches }
health-detail-item = { $what } : { $count }
health-outcome-timeout = pas de réponse à temps
health-outcome-busy = service occupé
health-outcome-service-error = erreurs du service
health-outcome-unreadable = réponses illisibles
answer-provider-trouble = ⚠️ Ce n'est pas seulement ce paiement : les vérifications « { $kind } » ont des difficultés depuis { $since } ({ $cause ->
    [slow] réponses lentes, 95 % en moins de { $p95 }
   *[not-checked] { $percent } des demandes n'ont pas pu être vérifiées ces 5 dernières minutes
}).
answer-provider-trouble-watch = { answer-provider-trouble } Appuyez sur 🔔 Me prévenir pour être averti quand il sera définitif.
alert-service-started = { $level ->
    [down] 🔴 { $kind } : le fournisseur de paiement est en panne
   *[degraded] 🟠 { $kind } : le fournisseur de paiement est dégradé
} depuis { $since }. { $cause ->
    [slow] Les réponses sont lentes : 95 % en moins de { $p95 } ces 5 dernières minutes ({ $count } demandes).
   *[not-checked] Ces 5 dernières minutes, { $percent } des { $count } demandes n'ont pas pu être vérifiées ({ $detail }).
}
alert-service-worse = 🔴 { $kind } : le fournisseur de paiement est maintenant en panne : { $percent } des { $count } demandes n'ont pas pu être vérifiées ces 5 dernières minutes ({ $detail }). En difficulté depuis { $startedAt }.
alert-service-better = 🟠 { $kind } : mieux, mais toujours dégradé : { $percent } des { $count } demandes n'ont pas pu être vérifiées ces 5 dernières minutes. En difficulté depuis { $startedAt }.
alert-service-recovered = 🟢 { $kind } : le fournisseur de paiement fonctionne de nouveau normalement depuis { $since }, après { $duration } de difficultés (au pire { $worst ->
    [down] en panne
   *[degraded] dégradé
}).
alert-failures-started = ❗ { $kind } : paiements échoués anormalement nombreux : { $failed } dans la dernière heure, { $percent } des résultats définitifs ({ $baseline } la veille). Motif le plus fréquent : { $reason }. Un réseau mobile refuse peut-être les paiements.
alert-failures-ended = ✅ { $kind } : les paiements échoués sont revenus à la normale, après { $duration }.
alert-baseline-none = aucun résultat définitif
alert-token-in-3-days = 🔑 Le jeton de service expire dans 3 jours ({ $day }). Remplacez-le d'ici là (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE), sinon plus personne ne pourra vérifier de paiement.
alert-token-in-1-day = 🔑 Le jeton de service expire dans moins d'un jour ({ $day }). Remplacez-le maintenant (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE), sinon plus personne ne pourra vérifier de paiement.
alert-token-expired = 🔑 Le jeton de service a expiré le { $day } : le fournisseur refusera toute vérification tant qu'il n'est pas remplacé (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE).
digest-heading = 📊 Résumé quotidien, du { $from } au { $to }
digest-enquiries = Demandes : { $count } ({ $collection ->
    [one] { $collection } encaissement
   *[other] { $collection } encaissements
}, { $airtime ->
    [one] { $airtime } crédit d'appel
   *[other] { $airtime } crédits d'appel
}), environ { $payments ->
    [one] { $payments } paiement distinct
   *[other] { $payments } paiements distincts
}
digest-outcomes = ✅ { $success ->
    [one] { $success } réussi
   *[other] { $success } réussis
} · ❌ { $failed ->
    [one] { $failed } échoué
   *[other] { $failed } échoués
} · ⏳ { $pending ->
    [one] { $pending } non définitif
   *[other] { $pending } non définitifs
} · 🔍 { $notFound ->
    [one] { $notFound } introuvable
   *[other] { $notFound } introuvables
}
digest-not-checked = Non vérifiées : { $count } ({ $detail })
digest-not-checked-none = Toutes les demandes ont reçu une réponse.
digest-token-rejected = 🔒 Refusées à cause du jeton de service : { $count }
digest-reasons = Motifs d'échec les plus fréquents :
digest-trouble = { $kind } : { $service } dégradé ou en panne · { $failures } avec des échecs anormalement nombreux
digest-trouble-none = Le fournisseur n'a jamais été dégradé ni en panne.
digest-watched = Paiements suivis en ce moment : { $count }
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min
duration-hours = { $hours } h { $minutes } min
duration-days = { $days } j { $hours } h
duration-years = { $years ->
    [one] { $years } an
   *[other] { $years } ans
}


## Moments: when something ends or may be done again (BOT_TIMEZONE)
moment-today = aujourd'hui à {$time}
moment-tomorrow = demain à {$time}
moment-day = {$day} à {$time}

## Language
# This language's own name, as its speakers write it: shown on the /language buttons.

language-name = Français
# Dans une phrase, en minuscule : « je vous réponds en français ».
language-name-in-sentence = français
# Comment s'écrivent les nombres et les dates (une étiquette de langue Intl) : fr écrit 1 204 et 24 nov. 2026.
intl-locale = fr
command-language = Choisir la langue du bot
language-current-private = Je vous réponds en { $language }. Choisissez-en une autre :
language-current-group = Langue de ce groupe : { $language }. Les administrateurs du groupe peuvent la changer :
language-current-group-unset = Ce groupe n'a pas de langue à lui : chacun reçoit les réponses dans la sienne ({ $language } pour vous). Les administrateurs du groupe peuvent en choisir une :
language-chosen-private = ✅ Désormais, je vous réponds en { $language }.
language-chosen-group = ✅ La langue de ce groupe est maintenant : { $language }. Tout le monde ici reçoit les réponses dans cette langue.
language-group-admins-only = Seuls les administrateurs de ce groupe peuvent changer sa langue.
toast-language-chosen = { $language } ✓

## Dossiers : les agents et l'équipe d'assistance (SUPPORT_CHAT_ID)
button-ask-support = 🆘 Contacter l'assistance
button-take = ✋ Prendre en charge
button-resolved = ✅ Résolu
button-send-to-support = 📨 Envoyer à l'assistance
help-cases = 🆘 Sous une réponse sur un paiement qui n'est pas SUCCESS, le bouton « Contacter l'assistance » transmet ce paiement à l'équipe d'assistance sous forme de dossier ; /escalate <ID>, suivi si vous le souhaitez de ce que dit le client, fait de même. Répondez aux messages du dossier pour échanger avec l'assistance ; /cases liste vos dossiers.
case-opened = 🆘 Dossier n° { $number } ouvert : l'équipe d'assistance l'a reçu. Répondez à ce message pour ajouter ce que dit le client ; les réponses de l'assistance arriveront ici.
case-joined-taken = 🆘 Un autre agent a déjà ouvert un dossier pour ce paiement, le n° { $number } : { $name }, de l'assistance, s'en occupe. Vous suivez aussi ce dossier : je vous préviendrai quand le statut du paiement deviendra définitif et quand le dossier sera résolu. Pour écrire à l'assistance à son sujet, répondez à ce message.
case-joined-waiting = 🆘 Un autre agent a déjà ouvert un dossier pour ce paiement, le n° { $number } : personne de l'assistance ne l'a encore pris en charge. Vous suivez aussi ce dossier : je vous préviendrai quand quelqu'un le prendra en charge, quand le statut du paiement deviendra définitif et quand le dossier sera résolu. Pour écrire à l'assistance à son sujet, répondez à ce message.
case-joined-first = 👥 Dossier n° { $number } : un autre agent a également signalé ce paiement. L'assistance le voit dans le dossier ; vos échanges avec l'assistance restent entre vous.
case-joined-support = 👥 Dossier n° { $number } : { $name } a également signalé ce paiement. Répondez à ce message pour lui écrire ; tout le reste de ce que vous écrivez dans le dossier va à { $first }.
case-already = Vous faites déjà partie du dossier n° { $number }. Répondez à ses messages pour le compléter.
case-success = Ce paiement a réussi : l'assistance n'a rien à faire.
case-limit = Vous avez { $max ->
    [one] { $max } dossier ouvert
   *[other] { $max } dossiers ouverts
}, le maximum pour un agent. Attendez d'abord que l'assistance en résolve au moins un.
case-pick-kind = { $id } : s'agit-il d'un encaissement ou d'un achat de crédit d'appel ?
case-usage = Envoyez { $command } suivi d'un ID de transaction et, si vous le souhaitez, de ce que dit le client, par exemple : { $command } TX-12345 le client a été débité deux fois
case-note-too-long = Cette note est trop longue ({ $count ->
    [one] { $count } caractère
   *[other] { $count } caractères
}) : { $max } caractères au plus, s'il vous plaît.
case-private-only = Les dossiers se traitent entre vous et l'équipe d'assistance : envoyez /escalate dans une discussion privée avec moi.
toast-case-private-only = Les dossiers s'ouvrent dans une discussion privée avec moi.
toast-case-support-only = Seule l'équipe d'assistance peut faire cela, sur la fiche du dossier dans la discussion de l'assistance.
toast-case-gone = Ce dossier n'existe plus.
toast-case-taken = Vous avez pris en charge le dossier n° { $number }.
toast-case-already-taken = { $name } a déjà pris en charge le dossier n° { $number }.
toast-case-resolved = Dossier n° { $number } résolu.
toast-case-already-resolved = Le dossier n° { $number } était déjà résolu.
case-card-heading = 🆘 Dossier n° { $number } · { $state ->
    [taken] ✋ pris en charge
    [resolved] ✅ résolu
   *[open] en attente d'une prise en charge
}
case-card-checked = Dernière vérification du statut : { $time }
case-card-settled = 🔔 Le statut du paiement est devenu définitif à { $time }, alors que le dossier était ouvert.
case-card-agent = Agent :
case-card-also-asked = Également signalé par :
case-card-note = Le client dit :
case-card-unreachable = ⚠️ Le bot ne peut plus écrire à cet agent depuis { $time } (il a peut-être bloqué le bot).
case-card-opened = Ouvert à { $time }
case-card-taken = ✋ Pris en charge par { $who } à { $time }
case-card-resolved = ✅ Résolu par { $who } à { $time }
case-taken-agent = ✋ { $name }, de l'assistance, s'occupe du dossier n° { $number }. Ses messages arriveront ici : répondez à l'un d'eux pour lui écrire.
case-resolved-agent = ✅ { $name }, de l'assistance, a résolu le dossier n° { $number }. Vous ne recevrez plus rien à son sujet ; si le problème persiste, renvoyez /escalate pour ce paiement afin d'ouvrir un nouveau dossier.
case-settled-agent = 🔔 Dossier n° { $number } : le statut du paiement est devenu définitif (voir ci-dessous). Le dossier reste ouvert jusqu'à ce que l'assistance le résolve ; répondez à ce message si vous avez quelque chose à ajouter.
case-settled-support = 🔔 Dossier n° { $number } : le statut du paiement est devenu définitif (voir ci-dessous). Résolvez le dossier sur sa fiche une fois que l'agent a ce qu'il lui faut.
case-reminder = ⏰ Le dossier n° { $number } attend depuis { $age } et personne ne l'a encore pris en charge.
case-relay-from-support = 💬 { $name } (assistance), dossier n° { $number } :
case-relay-from-agent = 💬 { $name } (agent), dossier n° { $number } :
case-relay-forwarded = ↪️ Transféré de { $origin }
case-relay-unreachable = ⚠️ Dossier n° { $number } : ce message n'est pas parvenu à { $name } : impossible de lui écrire (le bot a peut-être été bloqué).
case-relay-failed = ⚠️ Dossier n° { $number } : ce message n'est pas parvenu à { $name } (Telegram l'a refusé). Réessayez dans un instant.
case-relay-not-sent = ⚠️ Dossier n° { $number } : ce message n'est pas parvenu à l'assistance (Telegram l'a refusé). Réessayez dans un instant.
case-relay-resolved-support = Le dossier n° { $number } est résolu : ce message n'a pas été transmis à ses agents.
case-relay-resolved-agent = Le dossier n° { $number } est résolu : ce message n'a pas été transmis. Si le problème persiste, renvoyez /escalate pour ce paiement.
case-relay-kinds = Seuls les textes, les photos et les documents sont transmis à l'assistance.
case-offer-one = 💬 Ce message est-il pour l'assistance, au sujet du dossier n° { $number } ({ $payment }) ? Le bouton le lui transmet. La prochaine fois, répondez à l'un des messages du dossier (faites-le glisser vers la gauche) : votre réponse ira directement à l'assistance.
case-offer-many = 💬 Vous avez { $count ->
    [one] { $count } dossier ouvert
   *[other] { $count } dossiers ouverts
}. Pour écrire à l'assistance au sujet de l'un d'eux, répondez à l'un de ses messages (faites-le glisser vers la gauche, ou appuyez longuement dessus puis choisissez Répondre) :
case-offer-sent = 📨 Envoyé à l'assistance, dossier n° { $number }.
toast-case-sent = Envoyé à l'assistance.
cases-heading-support = Dossiers ouverts ({ $count }), du plus ancien au plus récent :
cases-none-support = Aucun dossier ouvert.
cases-heading-agent = Vos dossiers ouverts ({ $count }) :
cases-none-agent = Vous n'avez aucun dossier ouvert. Pour en ouvrir un : 🆘 Contacter l'assistance sous une réponse, ou /escalate <ID>.
cases-taken-by = pris en charge par { $who }
cases-not-taken = pas encore pris en charge
case-age-new = moins d'une minute
cases-where = /cases liste les dossiers ouverts dans la discussion de l'assistance, et les vôtres dans une discussion privée avec moi.
health-admin-cases = Dossiers ouverts : { $open }, le plus ancien depuis { $since } · aujourd'hui : { $opened ->
    [one] { $opened } ouvert
   *[other] { $opened } ouverts
}, { $resolved ->
    [one] { $resolved } résolu
   *[other] { $resolved } résolus
}
health-admin-cases-none = Dossiers ouverts : aucun · aujourd'hui : { $opened ->
    [one] { $opened } ouvert
   *[other] { $opened } ouverts
}, { $resolved ->
    [one] { $resolved } résolu
   *[other] { $resolved } résolus
}
digest-cases = Dossiers : { $opened ->
    [one] { $opened } ouvert
   *[other] { $opened } ouverts
}, { $resolved ->
    [one] { $resolved } résolu
   *[other] { $resolved } résolus
} ; encore ouverts : { $open }, le plus ancien depuis { $since }
digest-cases-none = Dossiers : { $opened ->
    [one] { $opened } ouvert
   *[other] { $opened } ouverts
}, { $resolved ->
    [one] { $resolved } résolu
   *[other] { $resolved } résolus
} ; aucun encore ouvert

## History: /history, a payment's timeline
command-history = Ce que le bot a répondu à propos d'un paiement, et quand
history-usage = Envoyez /history avec un ID de transaction, par exemple : /history TX-12345 (ajoutez collection ou airtime pour ne voir qu'un type)
history-off = Ce bot ne garde pas d'historique (HISTORY_DAYS vaut 0).
history-nothing = Rien n'est enregistré pour {$id} : je le vérifie maintenant.
history-title = 🕘 Historique de {$id}
history-first = première demande : { $said }
history-changed = nouveau statut : { $said }
history-you = vous
history-someone = quelqu'un
history-said-not-found = introuvable
history-said-unknown = vérification impossible ({$cause})
history-repeats = revérifié { $count ->
    [one] une fois
   *[other] {$count} fois
} par { $people ->
    [one] une personne
   *[other] {$people} personnes
}, toujours {$status}
history-event-watch-started = 🔔 suivi lancé par {$who}
history-event-watch-notified = 📣 avis de statut définitif pour {$who}
history-event-case-opened = 🆘 dossier n° {$number} ouvert par {$who}
history-event-case-taken = ✋ dossier n° {$number} pris en charge par {$who}
history-event-case-resolved = ✅ dossier n° {$number} résolu par {$who}
history-event-receipt-made = 🧾 reçu n° {$number} établi par {$who} : {$said}
history-event-receipt-revoked = 🧾 reçu n° {$number} annulé par {$who}
history-last-status = Dernier statut connu : {$status}
history-no-status = Aucun statut connu pour l'instant.
history-page = Page {$page} sur {$pages}
history-check-now = 🔄 Vérifier maintenant

## History: /mychecks, an agent's own checks
command-mychecks = Vos dernières vérifications
mychecks-private = /mychecks affiche vos propres vérifications : envoyez cette commande dans une discussion privée avec moi.
mychecks-none = Aucune vérification de votre part n'est encore enregistrée.
mychecks-title = 🧾 Vos vérifications, les plus récentes d'abord · page {$page}
mychecks-status-unknown = statut inconnu
mychecks-recheck = 🔄 Revérifier { $count ->
    [one] celui en attente
   *[other] les {$count} en attente
}
mychecks-nothing-open = Plus aucun paiement en attente sur cette page.
mychecks-csv = 📄 30 derniers jours (CSV)
mychecks-csv-caption = Vos vérifications des 30 derniers jours
mychecks-csv-none = Vous n'avez fait aucune vérification ces 30 derniers jours.

## History: /export, for admins
command-export = Exporter l'historique en fichier CSV
export-bad-date = Je ne comprends pas la date « {$text} » : écrivez-la sous la forme 2026-11-24, ou today.
export-bad-filter = Je ne comprends pas « {$text} » : les filtres sont kind=collection ou kind=airtime, status=SUCCESS, user=123456789.
export-too-long = Cela fait {$days} jours : un export couvre 92 jours au plus. Coupez la période en deux.
export-reversed = La première date tombe après la seconde : inversez-les.
export-none = Aucune vérification entre le {$from} et le {$to}.
export-progress = 📤 Export de l'historique du {$from} au {$to} en cours : { $count ->
    [one] {$count} entrée
   *[other] {$count} entrées
} pour l'instant…
export-done = 📤 Historique du {$from} au {$to} : { $count ->
    [one] {$count} entrée
   *[other] {$count} entrées
}, portant sur { $payments ->
    [one] {$payments} paiement
   *[other] {$payments} paiements
}.
export-caption = Toutes les entrées du {$from} au {$to}
export-latest-caption = Le dernier statut de chaque paiement du {$from} au {$to}
export-failed = L'export s'est arrêté avant la fin. Réessayez dans un instant.
export-stopped = 📤 L'export s'est arrêté avant la fin : le bot redémarrait. Renvoyez /export dans une minute.
export-running = Un de vos exports est encore en cours : attendez d'avoir reçu ses fichiers, puis redemandez.

## History: the daily summary's line
digest-history = Vérifications hier : {$checks}, par { $people ->
    [one] {$people} personne
   *[other] {$people} personnes
} ; { $open ->
    [0] aucun paiement n'est resté plus de 24 heures sans statut définitif
    [one] {$open} paiement toujours pas définitif après 24 heures
   *[other] {$open} paiements toujours pas définitifs après 24 heures
}

## Reçus (🧾 sous une réponse définitive, /receipt, /verify, la page de vérification)
command-receipt = Un reçu pour le client : /receipt ID
command-verify = Vérifier le code d'un reçu
button-receipt = 🧾 Reçu
receipt-status-success = Paiement réussi
receipt-status-failed = Échec du paiement
receipt-field-mno = Référence de l'opérateur
receipt-field-service = ID de transaction du service
receipt-field-reason = Motif de l'échec
receipt-field-asked = Vérifié auprès du fournisseur
receipt-field-number = Numéro du reçu
receipt-field-transaction = ID de transaction
receipt-code-label = Code de vérification
receipt-verify-hint = Scannez le code QR ou ouvrez le lien pour vérifier ce reçu
receipt-caption-check = Vérifier ce reçu : { $link }
receipt-usage = Envoyez /receipt avec un ID de transaction, par exemple : /receipt TX-12345. Ajoutez collection ou airtime pour un seul type, et en, fr, pt ou sw pour un reçu dans une autre langue : /receipt TX-12345 airtime sw
receipt-not-final = Pas de reçu pour { $id } : un reçu n'est établi que lorsque le fournisseur répond SUCCESS ou FAILED.
receipt-failed-to-send = Le reçu n'a pas pu être établi pour l'instant. Réessayez dans une minute.
receipt-revoke-usage = Envoyez /receipt revoke avec le code du reçu, par exemple : /receipt revoke R7KQ-4XM9-P2JD
receipt-revoke-admins = Seul un administrateur peut annuler un reçu.
receipt-revoked = Le reçu n° { $number } ({ $id }) est annulé : toute vérification de son code répondra désormais « reçu inconnu ».
receipt-revoke-unknown = Aucun reçu ne correspond à ce code : le code est erroné, ou le reçu a déjà été annulé ou a expiré.
verify-usage = Envoyez /verify avec le code imprimé sur le reçu, par exemple : /verify R7KQ-4XM9-P2JD
verify-genuine-heading = ✅ Ce reçu est authentique
verify-made = Établi le { $when } par { $title }.
verify-now-heading = Statut actuel selon le fournisseur
verify-now-differs = ⚠️ Ce statut diffère de celui du reçu : le statut du paiement a changé depuis l'établissement du reçu.
verify-now-unchecked = Le statut actuel n'a pas pu être vérifié auprès du fournisseur : réessayez dans une minute.
verify-unknown-heading = ❌ Reçu inconnu
verify-unknown = Aucun reçu ne correspond à ce code : il n'a pas été établi par ce service.
verify-rate-limited = Trop de vérifications en ce moment. Réessayez dans quelques minutes.
verify-now-not-found = ❓ Le fournisseur ne trouve plus ce paiement.
verify-now-not-final = ⏳ Paiement pas encore définitif ({ $status })
help-receipts = 🧾 Reçu, sous une réponse définitive (ou /receipt <ID>), crée l'image d'un reçu à transférer au client ; n'importe qui peut vérifier son code avec /verify <code> ou en ouvrant son lien.
