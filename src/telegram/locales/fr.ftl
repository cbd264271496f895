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
outcome-upstream-error-hint = Le service ne peut pas répondre pour l'instant. Réessayez dans un instant.
outcome-invalid = Réponse illisible
outcome-invalid-hint = Le service a envoyé une réponse que le bot ne sait pas lire. Réessayez dans un instant ; si cela continue, prévenez un administrateur.

## Plusieurs ID dans une réponse
summary-heading = {$kind} : {$count} ID
summary-not-found = introuvable
summary-unauthorized = jeton refusé, prévenez un administrateur
summary-timeout = pas de réponse à temps
summary-busy = service saturé
summary-upstream-error = erreur du service
summary-invalid = réponse illisible
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

## Aide et identité
help =
    Je vous dis si un paiement mobile money est passé.

    /collection <ID> : statut d'un encaissement (paiement d'un client)
    /airtime <ID> : statut d'un achat de crédit d'appel
    /status <ID> : quand vous ne savez pas lequel des deux
    /watch <ID> : vous prévenir ici quand un paiement est réglé (/watches les liste, /unwatch <ID> arrête)
    /whoami : vos ID d'utilisateur et de discussion

    Exemple : /collection TX-12345
    Plusieurs ID à la fois : /collection TX-1 TX-2 TX-3
    Répondez /collection à un message pour vérifier les ID qu'il contient.
    Envoyez un fichier .csv ou .txt d'ID (avec /collection, /airtime ou /status en légende) pour tous les vérifier et recevoir un rapport.
help-private-tip = Dans cette discussion privée, vous pouvez aussi envoyer un ID seul.
help-inline-tip = Dans toute autre discussion, tapez @{$bot} TX-12345 pour y publier le statut d'un paiement.
whoami-user = ID utilisateur :
whoami-chat = ID discussion :
whoami-chat-type = Type de discussion :
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

## Suivis
kind-either = Encaissement ou crédit d'appel
button-notify = 🔔 Me prévenir
button-notify-count = 🔔 Me prévenir ({$count})
button-stop-notifying = 🔕 Ne plus me prévenir
button-stop = 🔕 Arrêter
button-unwatch = 🔕 {$id}
toast-watching = Je vous écrirai ici quand il sera réglé.
toast-already-watching = Déjà suivi.
toast-stopped = Arrêté : vous ne recevrez pas de message à ce sujet.
toast-not-watching = Vous ne suiviez pas ce paiement.
toast-nothing-to-watch = Déjà réglé : rien à suivre.
toast-watch-limit = Vous pouvez suivre au plus {$max} paiements à la fois. Arrêtez-en d'abord avec /watches.
watch-started-one = 🔔 Je vous écrirai ici quand il sera réglé (ou si j'abandonne le suivi).
watch-started-many = 🔔 Je vous écrirai ici à mesure que ces {$count} paiements seront réglés (ou si j'abandonne le suivi de l'un d'eux).
watch-already = 🔔 Déjà suivi : je vous écrirai ici quand il sera réglé.
watch-nothing = Déjà réglé : rien à suivre.
watch-limit = Vous pouvez suivre au plus {$max} paiements à la fois, et vous en suivez {$active}. Arrêtez-en d'abord avec /watches.
watches-heading = Paiements que je suis pour vous ici ({$count}) :
watches-line = {$kind} · {$status} · depuis {$since} · prochaine vérification {$next}
watches-empty = Je ne suis aucun paiement pour vous ici. Envoyez /watch <ID> pour commencer.
watches-status-unknown = pas encore vérifié
unwatch-done = Suivi arrêté pour {$ids}.
unwatch-none = Vous ne suiviez pas {$ids} ici.
notice-settled = 🔔 Réglé
notice-for = Pour :
notice-max-age = ⏳ Toujours pas définitif après {$hours} h : j'arrête le suivi. Interrogez le fournisseur en citant ces références :
notice-not-found = 🔍 Toujours introuvable après {$minutes} min : j'arrête le suivi. Vérifiez l'ID avec le client ; relancez /watch si le paiement a été fait plus tard.
label-last-status = Dernier statut :
label-transaction-id = ID de transaction :
command-watch = Me prévenir ici quand un paiement est réglé
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
bulk-done = {$total} ID {$kind} vérifiés depuis {$file} :
bulk-cancelled = Annulé après {$done} des {$total} ID {$kind} de {$file} :
bulk-stopped = Arrêté par un redémarrage après {$done} des {$total} ID {$kind} de {$file} : renvoyez le fichier pour vérifier le reste.
bulk-interrupted = Votre vérification de {$total} ID depuis {$file} a été interrompue par un redémarrage. Merci de renvoyer le fichier.
bulk-count-success = ✅ {$count} réussis
bulk-count-failed = ❌ {$count} échoués
bulk-count-not-final = ⏳ {$count} pas encore définitifs
bulk-count-not-found = 🔍 {$count} introuvables
bulk-count-unknown = ⚠️ {$count} non vérifiables
bulk-count-invalid = ✏️ {$count} cellules n'étaient pas des ID (listées dans le rapport)
bulk-report-caption = Statuts depuis {$file}
bulk-busy = Vous vérifiez déjà {$total} ID. Annulez d'abord, ou attendez la fin.
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
