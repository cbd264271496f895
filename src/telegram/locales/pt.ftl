# Todos os textos que um utilizador vê, em português (Moçambique e Angola, norma europeia). Mesmas chaves que en.ftl; um teste falha se faltar alguma.
# As variáveis chegam como texto, por isso os IDs nunca são reformatados como números (123,456).
#
# Glossário (para manter a coerência entre tradutores):
#   payment = pagamento · collection = cobrança (pagamento de um cliente) · airtime = recarga (compra de recarga)
#   check = verificar / verificação · enquiry = consulta · status = estado (SUCCESS, FAILED, PENDING ficam como estão)
#   settle = ficar definitivo · not final = ainda não definitivo · failed = com falha / falhado · not found = não encontrado
#   watch = acompanhar / acompanhamento · notify me = avisar-me · unwatch = deixar de acompanhar
#   bulk check = verificação em lote · file = ficheiro (.csv/.txt) · report = relatório · spreadsheet = folha de cálculo
#   provider = fornecedor de pagamentos · service = serviço · MNO = MNO (operadora móvel)
#   health = estado do fornecedor · down = fora de serviço · degraded = com perturbações · trouble = problemas
#   admin / administrator = administrador · allow = autorizar · grant access = dar acesso · revoke = retirar o acesso (um link: revogar)
#   invite = convite · invite link = link de convite · open (link) = válido · request access = pedir acesso · approve / deny = aprovar / recusar
#   token = token (token de serviço, token de acesso) · state store = armazenamento de estado · instance = instância
#   chat = conversa · user = utilizador · user ID = ID de utilizador · language = idioma · phone = telemóvel
#   Tratamento formal sem "você" (Envie, Tente novamente, Pode…); sem gerúndio (a verificar, está a funcionar).

## Tipos de consulta
kind-collection = Cobrança
kind-airtime = Recarga
kind-status = Cobrança ou recarga

## Uma resposta
label-payment = Pagamento:
label-reason = Motivo:
label-mno-ref = Ref. MNO:
label-service-id = ID do serviço:
status-not-final = ainda não definitivo, volte a verificar mais tarde
no-reason = sem motivo indicado
checked-at = Verificado às {$time}
unknown-not-failed = Não foi possível saber o estado deste pagamento: isto não significa que tenha falhado.

outcome-not-found = Não encontrado
outcome-not-found-hint = O serviço não tem nenhuma transação com este ID. Confirme o ID ou tente {$command}.
outcome-not-found-anywhere = Não encontrado como cobrança nem como compra de recarga. Confirme o ID.
outcome-unauthorized = Não foi possível verificar
outcome-unauthorized-hint = O serviço recusou o token de acesso do bot. Por favor, avise um administrador.
outcome-unauthorized-hint-alerted = O serviço recusou o token de acesso do bot; um administrador já foi avisado.
outcome-timeout = Sem resposta a tempo
outcome-timeout-hint = O serviço não respondeu a tempo. Tente novamente daqui a pouco.
outcome-busy = Serviço ocupado
outcome-busy-hint = O serviço está ocupado neste momento. Tente novamente dentro de um minuto.
outcome-upstream-error = Erro do serviço
# Entre o título de uma resposta e o que correu mal («⚠️ Cobrança TX-1: Erro do serviço»).
heading-separator = {": "}
outcome-upstream-error-hint = O serviço não consegue responder neste momento. Tente novamente daqui a pouco.
outcome-invalid = Resposta ilegível
outcome-invalid-hint = O serviço enviou uma resposta que o bot não consegue ler. Tente novamente daqui a pouco; se continuar a acontecer, avise um administrador.
outcome-could-not-check = Não foi possível verificar
outcome-wrong-address-hint = O bot recebeu uma página web em vez de uma resposta do serviço de pagamentos: o endereço do serviço parece estar errado, por isso o pagamento não foi consultado. Por favor, avise um administrador.
outcome-wrong-address-hint-alerted = O bot recebeu uma página web em vez de uma resposta do serviço de pagamentos: o endereço do serviço parece estar errado, por isso o pagamento não foi consultado. Um administrador já foi avisado.
outcome-no-token-hint = Neste momento, o bot não conseguiu obter junto do serviço o token de acesso de que precisa, por isso o pagamento não foi consultado. Tente novamente daqui a pouco.
outcome-token-refused-hint = O serviço recusou as credenciais do bot, por isso o pagamento não foi consultado. Por favor, avise um administrador.
outcome-token-refused-hint-alerted = O serviço recusou as credenciais do bot, por isso o pagamento não foi consultado; um administrador já foi avisado.

## Vários IDs numa resposta
summary-heading = {$kind}: { $count ->
    [one] {$count} ID consultado
   *[other] {$count} IDs consultados
}
summary-not-found = não encontrado
summary-unauthorized = token recusado
summary-timeout = sem resposta a tempo
summary-busy = serviço ocupado
summary-upstream-error = erro do serviço
summary-invalid = resposta ilegível
summary-wrong-address = endereço do serviço errado
summary-no-token = sem token de acesso, tente novamente daqui a pouco
summary-token-refused = credenciais recusadas
summary-admin-told = Um administrador já foi avisado.
summary-tell-admin = Por favor, avise um administrador.
summary-unknown-note = Se não foi possível verificar um pagamento, isso não quer dizer que falhou: volte a verificar mais tarde.

## Pedidos
usage = Envie {$command} com um ID de transação, por exemplo: {$command} TX-12345
usage-invalid = Isto não parece um ID de transação (até 64 letras, algarismos e - _ . :). Exemplo: {$command} TX-12345
usage-too-many = No máximo {$max} IDs de cada vez, por favor. Enviou {$count}.
pick-kind = Que tipo de transação é esta?
pick-kind-many = De que tipo são estas transações ({$count} IDs)?
button-collection = Cobrança
button-airtime = Recarga
button-both = Ambas
button-refresh = 🔄 Atualizar

## Botões
toast-updated = Atualizado
toast-unchanged = Ainda sem alterações
toast-expired = Este botão expirou. Envie o comando novamente.
toast-not-allowed = Desculpe, não tem permissão para usar este bot aqui.
toast-slow-down = Demasiados pedidos, aguarde um momento.
state-unavailable = Não consigo aceder ao meu armazenamento neste momento, por isso não posso fazer isto (a verificação de pagamentos continua a funcionar). Tente novamente dentro de alguns minutos.
toast-stale-button = Este botão já não está nesta mensagem. Tente novamente.
toast-inline-unverified = Esta resposta não pode ser atualizada aqui: escreva @{$bot} e o ID novamente.

## Ajuda e identidade
help =
    Digo-lhe se um pagamento por dinheiro móvel foi bem-sucedido.

    /collection <ID>: estado de uma cobrança (pagamento de um cliente)
    /airtime <ID>: estado de uma compra de recarga
    /status <ID>: quando não sabe qual dos dois é
    /watch <ID>: receber aqui um aviso quando um pagamento ficar definitivo (/watches mostra a lista, /unwatch <ID> cancela)
    /history <ID>: o que respondi sobre um pagamento, e quando (/mychecks: as suas verificações recentes)
    /health: o próprio fornecedor de pagamentos está com problemas? (quando muitas verificações ficam sem resposta ao mesmo tempo)
    /whoami: os seus IDs de utilizador e de conversa
    /language: o idioma em que respondo

    Exemplo: /collection TX-12345
    Vários IDs de uma vez: /collection TX-1 TX-2 TX-3
    Responda com /collection a uma mensagem para verificar os IDs que ela contém.
    Envie um ficheiro .csv ou .txt com IDs (com /collection, /airtime ou /status na legenda) para os verificar todos e receber um relatório.
help-private-tip = Nesta conversa privada também pode enviar apenas um ID.
help-inline-tip = Em qualquer outra conversa, escreva @{$bot} TX-12345 para publicar lá o estado de um pagamento.
whoami-user = ID de utilizador:
whoami-chat = ID da conversa:
whoami-chat-type = Tipo de conversa:
whoami-topic = ID do tópico:
whoami-allowed = Pode consultar estados de pagamento aqui.
whoami-not-allowed = Ainda não pode consultar estados de pagamento aqui. Envie estes IDs a um administrador.

## Acesso
access-denied-private = Desculpe, este bot é privado. Peça a um administrador que autorize o seu ID de utilizador: {$userId}
access-denied-group = Este grupo não tem autorização para consultar estados de pagamento. Peça a um administrador que autorize o ID desta conversa: {$chatId}

## Limites
slow-down = Está a enviar pedidos demasiado depressa. Aguarde um minuto e tente novamente.

## Menu de comandos
command-collection = Verificar uma cobrança
command-airtime = Verificar uma compra de recarga
command-status = Verificar um ID de qualquer tipo
command-whoami = Mostrar os seus IDs de utilizador e de conversa
command-help = Como usar este bot

## Operação
admin-token-rejected = ⚠️ O fornecedor de pagamentos recusou o token de serviço do bot (HTTP {$status}). Os utilizadores não podem verificar pagamentos até que seja substituído (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE).
admin-chat-migrated = ⚠️ Um grupo autorizado foi convertido em supergrupo e recebeu um novo ID: {$formerId} → {$newId}. O bot continua a responder lá; adicione {$newId} a ALLOWED_CHAT_IDS (depois, o ID antigo pode ser removido).
admin-store-emptied = ⚠️ O armazenamento de estado partilhado (Redis) foi esvaziado enquanto o bot estava a funcionar: provavelmente foi reiniciado sem persistência. Dados perdidos: os pagamentos em acompanhamento (ninguém será avisado quando ficarem definitivos) e os botões das respostas mais antigas. Execute o Redis com persistência (appendonly yes) para que isto não volte a acontecer.
admin-state-file-lost = ⚠️ O ficheiro de estado foi apagado ou substituído enquanto o bot estava a funcionar. {$reason}
admin-token-rejected-obtained = ⚠️ O fornecedor de pagamentos recusou um token de serviço que o bot tinha acabado de obter (HTTP {$status}). Verifique se estas credenciais têm acesso à API de consulta e confira ENQUIRY_HEADERS (uma chave de subscrição, um ambiente de destino). O comando npm run doctor mostra o que funciona.
admin-credentials-refused = ⚠️ O fornecedor de pagamentos recusou as credenciais do bot ao pedir um token de serviço ({$reason}). Os utilizadores não podem verificar pagamentos até que isto seja corrigido: verifique ENQUIRY_TOKEN_URL, ENQUIRY_CLIENT_ID e ENQUIRY_CLIENT_SECRET (o comando npm run doctor mostra o que funciona). O bot tenta de novo cerca de uma vez por minuto e avisa quando voltar a ter um token.
admin-token-obtained-again = ✅ O bot voltou a obter um token de serviço: já é possível verificar pagamentos.
admin-address-wrong = ⚠️ O endereço do serviço de pagamentos parece errado: uma consulta ({$kind}) recebeu como resposta uma página web (HTTP {$status}) em vez de uma resposta da API. Os utilizadores são informados de que não foi possível verificar os seus pagamentos. Verifique ENQUIRY_BASE_URL (o comando npm run doctor mostra o que funciona).

## Acompanhamentos
kind-either = Cobrança ou recarga
button-notify = 🔔 Avisar-me
button-notify-count = 🔔 Avisar-me ({$count})
button-stop-notifying = 🔕 Deixar de avisar
button-stop = 🔕 Parar
button-unwatch = 🔕 {$id}
button-unwatch-kind = 🔕 {$id} · {$kind}
toast-watching = Envio-lhe uma mensagem aqui quando ficar definitivo.
toast-already-watching = Já está em acompanhamento.
toast-stopped = Avisos desligados: não vai receber mais mensagens sobre este pagamento.
toast-not-watching = Não estava a acompanhar este pagamento.
toast-nothing-to-watch = Já está definitivo: nada a acompanhar.
toast-watch-limit = Pode acompanhar no máximo { $max ->
    [one] um pagamento
   *[other] {$max} pagamentos
} de cada vez. Deixe de acompanhar alguns primeiro com /watches.
watch-started-one = 🔔 Envio-lhe uma mensagem aqui quando ficar definitivo (ou se eu desistir de o acompanhar).
watch-started-many = 🔔 Envio-lhe uma mensagem aqui à medida que cada um destes {$count} pagamentos ficar definitivo (ou se eu desistir de algum).
watch-already = 🔔 Já está em acompanhamento: envio-lhe uma mensagem aqui quando ficar definitivo.
watch-nothing = Já está definitivo: nada a acompanhar.
watch-limit = Pode acompanhar no máximo { $max ->
    [one] um pagamento
   *[other] {$max} pagamentos
} de cada vez e já acompanha {$active}. Deixe de acompanhar alguns primeiro com /watches.
watches-heading = Pagamentos que acompanho para si aqui ({$count}):
watches-line = {$kind} · {$status} · desde {$since} · próxima verificação às {$next}
watches-empty = Não estou a acompanhar nenhum pagamento para si aqui. Envie /watch <ID> para começar.
watches-status-unknown = ainda não verificado
unwatch-done = Acompanhamento terminado: {$ids}.
unwatch-none = Não estava a acompanhar {$ids} aqui.
notice-settled = 🔔 Estado definitivo
notice-for = Para:
notice-max-age = ⏳ Ainda não definitivo após {$hours} h: deixei de o acompanhar. Contacte o fornecedor sobre este pagamento e indique estas referências:
notice-not-found = 🔍 Ainda não encontrado após {$minutes} min: deixei de o acompanhar. Confirme o ID com o cliente; use /watch de novo se o pagamento tiver sido feito mais tarde.
label-last-status = Último estado:
label-transaction-id = ID da transação:
command-watch = Avisar-me aqui quando um pagamento ficar definitivo
command-watches = Pagamentos que acompanho para si aqui
command-unwatch = Deixar de acompanhar um pagamento

## Modo inline (@bot em qualquer conversa)
inline-hint-title = Verificar um pagamento
inline-hint-description = Escreva um ID de transação, ou vários separados por espaços ou vírgulas
inline-hint-message = Para verificar um pagamento a partir de qualquer conversa, escreva @{$bot} e um ID de transação, por exemplo: @{$bot} TX-12345
inline-invalid-title = Isto não é um ID de transação
inline-invalid-description = Até 64 letras, algarismos e - _ . : cada um, e no máximo 20 de cada vez
inline-access-button = Como obter acesso
inline-slow-down-button = Demasiados pedidos: aguarde um minuto

## Verificações em lote a partir de um ficheiro
bulk-kind-collection = cobrança
bulk-kind-airtime = recarga
bulk-kind-status = cobrança ou recarga
bulk-pick-kind = Que tipo de transações estão em {$file}?
bulk-progress = A verificar { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
} de {$kind}… {$done}/{$total} {$bar} {$percent}%
button-cancel = ✖ Cancelar
bulk-done = { $total ->
    [one] Verificado {$total} ID
   *[other] Verificados {$total} IDs
} de {$kind} do ficheiro {$file}:
bulk-cancelled = Verificação cancelada após {$done} de { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
} de {$kind} do ficheiro {$file}:
bulk-stopped = Verificação interrompida por um reinício do bot após {$done} de { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
} de {$kind} do ficheiro {$file}: envie o ficheiro novamente para verificar os restantes.
bulk-interrupted = A sua verificação de { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
} do ficheiro {$file} foi interrompida por um reinício do bot. Por favor, envie o ficheiro novamente.
bulk-count-success = ✅ {$count} com sucesso
bulk-count-failed = ❌ {$count} com falha
bulk-count-not-final = ⏳ {$count} sem estado definitivo
bulk-count-not-found = 🔍 { $count ->
    [one] {$count} não encontrado
   *[other] {$count} não encontrados
}
bulk-count-unknown = ⚠️ { $count ->
    [one] {$count} não verificado (estado desconhecido)
   *[other] {$count} não verificados (estado desconhecido)
}
bulk-count-invalid = ✏️ { $count ->
    [one] {$count} célula não era um ID (listada no relatório)
   *[other] {$count} células não eram IDs (listadas no relatório)
}
bulk-count-invalid-some = ✏️ {$count} células não eram IDs (as primeiras {$listed} estão listadas no relatório)
bulk-report-caption = Estados dos IDs de {$file}
bulk-busy = Já está a verificar { $total ->
    [one] {$total} ID
   *[other] {$total} IDs
}. Cancele essa verificação primeiro ou aguarde que termine.
bulk-busy-reading = Ainda estou a ler o ficheiro que enviou antes. Aguarde a mensagem de progresso e depois envie o seguinte.
bulk-too-large = Esse ficheiro é demasiado grande ({$size}): envie no máximo {$max}.
bulk-wrong-type = Envie os IDs num ficheiro .csv ou .txt.
bulk-not-text = Esse ficheiro não é de texto (uma folha de cálculo ou um ficheiro comprimido?). Guarde-o como .csv ou .txt e envie-o novamente.
bulk-no-ids = Esse ficheiro não contém nenhum ID de transação.
bulk-too-many = Esse ficheiro contém {$count} IDs diferentes: no máximo {$max} de cada vez, por favor. Divida-o e envie as partes uma após a outra.
bulk-download-failed = Não consegui obter esse ficheiro do Telegram. Por favor, envie-o novamente.
bulk-photo = Envie a lista de IDs como ficheiro (.csv ou .txt), não como fotografia.
toast-cancelled = Verificação cancelada: segue-se o relatório do que já foi verificado.
toast-cancel-nothing = Nada a cancelar.
unhandled-hint = Compreendo IDs de transação enviados como texto (TX-12345), comandos como /collection TX-12345 e listas de IDs em ficheiros .csv ou .txt. /help mostra tudo.
unknown-command = Não conheço esse comando. Para verificar um pagamento: /collection TX-12345, /airtime TX-12345 ou /status TX-12345. /help mostra todos os comandos.
unknown-command-did-you-mean = Não conheço esse comando. Queria dizer {$command}? /help mostra todos os comandos.
feature-off-cases = Os casos estão desativados aqui: um administrador pode ativá-los definindo SUPPORT_CHAT_ID.

## Gestão de acessos: pedidos de desconhecidos
access-denied-private-request = Desculpe, este bot é privado. Toque em Pedir acesso para fazer o pedido aos administradores, ou dê a um administrador o seu ID de utilizador: {$userId}
button-request-access = 🙋 Pedir acesso
request-sent-note = ✅ O seu pedido foi enviado aos administradores. Receberá aqui uma mensagem quando decidirem.
toast-request-sent = O seu pedido foi enviado aos administradores.
toast-request-pending = O seu pedido aguarda a decisão de um administrador.
toast-request-denied-recently = Um administrador recusou o seu pedido. Pode voltar a pedir a partir de {$time}.
toast-request-too-many = Há demasiados pedidos em espera. Tente novamente mais tarde.
toast-request-already-allowed = Já tem acesso: envie /help para ver o que pode fazer.
access-granted-welcome = ✅ Um administrador deu-lhe acesso a este bot.
access-request-declined = Um administrador recusou o seu pedido de acesso. Pode voltar a pedir daqui a um dia.
access-revoked = O seu acesso a este bot foi retirado por um administrador.

## Gestão de acessos: links de convite
invite-joined = ✅ Bem-vindo(a)! Já tem acesso a este bot.
invite-invalid = Este link de convite já não é válido. Peça um novo a um administrador.
invite-already = Já tem acesso a este bot.
invite-usage = Envie /invite para criar um link para uma pessoa, ou /invite N para N pessoas (no máximo {$max}); para o reconhecer depois em /invites, acrescente para quem é: /invite 3 novos agentes da Beira.
admin-invite-created-one = 🔗 Este link dá acesso a uma pessoa, até {$until}. Envie-o em privado: quem o abrir primeiro obtém acesso.
    {$link}
admin-invite-created-many = 🔗 Este link dá acesso a {$count} pessoas, até {$until}. Envie-o em privado: cada uma das primeiras {$count} pessoas a abri-lo obtém acesso.
    {$link}
admin-invites-heading = Links de convite válidos ({$count}):
admin-invites-line = por {$by} {$made} · {$left} de {$uses} restantes · até {$until}
admin-invites-line-for = para {$for} · por {$by} {$made} · {$left} de {$uses} restantes · até {$until}
admin-invites-empty = Não há nenhum link de convite válido. /invite cria um.
button-uninvite = 🚫 {$id}
toast-invite-revoked = Link de convite revogado.
toast-invite-gone = Esse link já não era válido.

## Gestão de acessos: grupos
group-hello = 👋 Olá! Qualquer membro deste grupo já pode verificar pagamentos aqui.
group-approved = ✅ Um administrador autorizou este grupo: todos os membros já podem verificar pagamentos aqui.
group-not-allowed-yet = Este grupo ainda não pode verificar pagamentos. Já perguntei aos administradores e aviso aqui quando decidirem.
group-request-pending = Os administradores já foram consultados sobre este grupo.
group-too-many = Há demasiados pedidos à espera dos administradores. Um administrador pode enviar /allow aqui.
group-request-declined = Um administrador recusou o acesso a este grupo.

## Gestão de acessos: o que os administradores veem
admin-request-user = 🙋 {$name} pede acesso.
admin-request-group = 👥 {$by} adicionou-me ao grupo "{$title}" e pede acesso para ele.
label-user-id = ID de utilizador:
label-chat-id = ID da conversa:
label-language = Idioma:
button-approve = ✅ Aprovar
button-deny = ❌ Recusar
admin-request-approved = ✅ Aprovado por {$admin} às {$time}.
admin-request-denied = ❌ Recusado por {$admin} às {$time}.
admin-request-expired = ⌛ Este pedido expirou sem resposta.
toast-approved = Aprovado.
toast-denied = Recusado.
toast-already-decided = Já decidido por {$admin}.
toast-request-expired = Este pedido expirou.
toast-admins-only = Só um administrador pode fazer isto.
admin-joined = 🔗 {$name} ({$id}) entrou com um convite de {$by}.
admin-group-added = 👥 {$by} adicionou-me a "{$title}" ({$id}): o grupo está autorizado.
admin-group-removed = 👥 Fui removido de "{$title}" ({$id}): o acesso do grupo terminou.
admin-note-approved = 🛈 {$by} aprovou {$name} ({$id}).
admin-note-denied = 🛈 {$by} recusou {$name} ({$id}).
admin-note-invited = 🛈 {$by} criou um link de convite para { $count ->
    [one] uma pessoa
   *[other] {$count} pessoas
}.
admin-note-invite-revoked = 🛈 {$by} revogou o link de convite {$id}.
admin-note-allowed = 🛈 {$by} autorizou {$name} ({$id}).
admin-note-revoked = 🛈 {$by} retirou o acesso a {$name} ({$id}).
admin-only-here = Use isto numa conversa privada comigo ou na conversa dos administradores.
admin-allow-usage = Envie /allow com um ID de utilizador ou o ID de um grupo (negativo; /whoami no grupo mostra-o). Dentro de um grupo, /allow sozinho autoriza esse grupo.
admin-allowed-user = ✅ O utilizador {$id} já pode usar o bot.
admin-allowed-group = ✅ O grupo {$id} está agora autorizado.
admin-already-allowed = {$id} já tem acesso.
admin-revoke-usage = Envie /revoke com um ID de utilizador ou o ID de um grupo.
admin-revoked = 🚫 O acesso de {$name} ({$id}) foi retirado.
admin-revoke-config = {$id} está autorizado pela configuração ({$list}): retire-o lá. Nada foi alterado.
admin-revoke-none = {$id} não tem nenhum acesso dado através do bot.
admin-users-heading = Quem pode usar o bot ({$count}), página {$page} de {$pages}:
admin-users-everyone = ALLOW_EVERYONE está ligado: todos podem usar o bot.
admin-users-admin = administrador (configuração)
admin-users-config-user = configuração (ALLOWED_USER_IDS)
admin-users-config-group = configuração (ALLOWED_CHAT_IDS)
admin-users-approved = aprovado por {$by} em {$date}
admin-users-invite = convite de {$by} em {$date}
admin-users-allowed = autorizado por {$by} em {$date}
admin-users-added = adicionado por {$by} em {$date}
admin-users-config-note = As entradas da configuração não podem ser removidas aqui: altere ADMIN_USER_IDS, ALLOWED_USER_IDS ou ALLOWED_CHAT_IDS.
button-revoke = 🚫 {$name}
button-previous = ◀
button-next = ▶
toast-revoked = Acesso retirado.
toast-nothing-to-revoke = Nada a retirar: já tinha sido retirado, ou vem da configuração.
help-admin = Como administrador: /invite cria um link de convite (/invite N para N pessoas), /invites lista os válidos, /users mostra quem pode usar o bot, /allow <ID> e /revoke <ID> dão e retiram acesso. Os pedidos de desconhecidos chegam-lhe com os botões Aprovar e Recusar. /export envia o histórico de um dia ou de um período num ficheiro CSV (/export 2026-11-01 2026-11-30).
command-invite = Criar um link de convite
command-invites = Links de convite válidos
command-users = Quem pode usar o bot
command-allow = Dar acesso a um utilizador ou grupo
command-revoke = Retirar um acesso

## Estado do fornecedor
command-health = O fornecedor de pagamentos está a funcionar?
health-headline-normal = 🟢 O fornecedor de pagamentos está a funcionar normalmente.
health-reason-item = { $reason } ({ $count })
health-kind-normal = { $kind }: normal
health-headline-trouble = { $level ->
    [down] 🔴 O fornecedor de pagamentos está fora de serviço para: { $kinds }.
   *[degraded] 🟠 O fornecedor de pagamentos está com perturbações em: { $kinds }.
}
health-kind-not-checked = { $kind }: { $level ->
    [down] fora de serviço
   *[degraded] com perturbações
} desde { $since }: { $percent } de { $count ->
    [one] { $count } consulta não pôde ser verificada
   *[other] { $count } consultas não puderam ser verificadas
} nos últimos 5 min.
health-kind-slow = { $kind }: com perturbações desde { $since }: respostas lentas, 95 % em menos de { $p95 }.
health-failures-high = ❗ { $kind }: número invulgarmente alto de pagamentos falhados desde { $since }: { $failed } na última hora ({ $percent } dos resultados definitivos; { $baseline } no dia anterior). Motivo mais frequente: { $reason }
health-window-5m = { $kind }, últimos 5 min
health-window-line = { $window }: { $count ->
    [one] { $count } consulta
   *[other] { $count } consultas
} · { $percent } não verificadas · p95 { $p95 }
health-window-empty = { $window }: nenhuma consulta
health-sparkline = Consultas não verificadas na última hora (uma barra = 5 min): { $bars }
health-today = Hoje (desde { $since }): ✅ { $success } com sucesso · ❌ { $failed } com falha
health-today-reasons = Motivos de falha mais frequentes: { $reasons }
health-reason-line = { $rank }. { $reason } ({ $count })
health-reason-other = outros motivos
health-reason-none = sem motivo indicado
health-waiting = ⏳ Pagamentos acompanhados ainda não definitivos após uma hora: { $count }, o mais antigo desde { $since }.
health-waiting-none = ⏳ Nenhum pagamento acompanhado esperou mais de uma hora.
health-figures-note = Os números abrangem todas as consultas que o bot fez ao fornecedor, em todas as instâncias.
health-unavailable = Não é possível ler os números do estado do fornecedor neste momento (o armazenamento de estado do bot não responde). A verificação de pagamentos continua a funcionar.
health-admin-heading = Para administradores
health-admin-token = Token de serviço: { $expiry }
health-admin-token-expires = expira em { $day } (daqui a { $left })
health-admin-token-expired = EXPIROU em { $day }
health-admin-token-unknown = sem data de validade
health-admin-token-given = Definido em {$variable}.
health-admin-token-obtained = Obtido pelo bot (client credentials) às {$when}; é renovado antes de expirar.
health-admin-token-obtained-lasting = Obtido pelo bot (client credentials) às {$when}. Não expira: só é renovado se o fornecedor o recusar.
health-admin-token-not-obtained = Obtido pelo bot (client credentials): ainda nenhum.
health-admin-token-problem = { $kind ->
    [refused] ⚠️ O fornecedor recusa as credenciais desde {$since}: {$reason}
   *[other] ⚠️ O endpoint de tokens não responde desde {$since}: {$reason}
}
health-admin-store = Armazenamento de estado: { $store ->
    [redis] Redis
   *[sqlite] integrado (SQLite)
}, { $status }
health-admin-store-ok = a funcionar
health-admin-store-degraded = COM PERTURBAÇÕES: { $reason }
health-admin-topology = Mestre Redis { $master }, { $replicas ->
    [one] { $replicas } réplica
   *[other] { $replicas } réplicas
} em linha
health-admin-topology-sentinels = Mestre Redis { $master }, { $replicas ->
    [one] { $replicas } réplica
   *[other] { $replicas } réplicas
} em linha, visto por { $sentinels ->
    [one] { $sentinels } sentinela
   *[other] { $sentinels } sentinelas
}
health-admin-instances = Instâncias em execução: { $count }
health-admin-background = Verificações em segundo plano em espera aqui: { $queue } · pagamentos acompanhados: { $watches }
health-detail-item = { $what }: { $count }
health-outcome-timeout = sem resposta a tempo
health-outcome-busy = serviço ocupado
health-outcome-service-error = erros do serviço
health-outcome-unreadable = respostas ilegíveis
answer-provider-trouble = ⚠️ Não é só este pagamento: as verificações de «{ $kind }» têm problemas desde { $since } ({ $cause ->
    [slow] respostas lentas, 95 % em menos de { $p95 }
   *[not-checked] { $percent } das consultas não puderam ser verificadas nos últimos 5 minutos
}).
answer-provider-trouble-watch = { answer-provider-trouble } Toque em 🔔 Avisar-me para receber um aviso quando ficar definitivo.
alert-service-started = { $level ->
    [down] 🔴 { $kind }: o fornecedor de pagamentos está fora de serviço
   *[degraded] 🟠 { $kind }: o fornecedor de pagamentos está com perturbações
} desde { $since }. { $cause ->
    [slow] As respostas estão lentas: 95 % em menos de { $p95 } nos últimos 5 minutos ({ $count } consultas).
   *[not-checked] Nos últimos 5 minutos, { $percent } de { $count } consultas não puderam ser verificadas ({ $detail }).
}
alert-service-worse = 🔴 { $kind }: o fornecedor de pagamentos está agora fora de serviço: { $percent } de { $count } consultas não puderam ser verificadas nos últimos 5 minutos ({ $detail }). Com problemas desde { $startedAt }.
alert-service-better = 🟠 { $kind }: melhor, mas ainda com perturbações: { $percent } de { $count } consultas não puderam ser verificadas nos últimos 5 minutos. Com problemas desde { $startedAt }.
alert-service-recovered = 🟢 { $kind }: o fornecedor de pagamentos voltou ao normal às { $since }, após { $duration } de problemas (no pior momento: { $worst ->
    [down] fora de serviço
   *[degraded] com perturbações
}).
alert-failures-started = ❗ { $kind }: número invulgarmente alto de pagamentos falhados: { $failed } na última hora, { $percent } dos resultados definitivos ({ $baseline } no dia anterior). Motivo mais frequente: { $reason }. Talvez uma rede móvel esteja a recusar pagamentos.
alert-failures-ended = ✅ { $kind }: os pagamentos falhados voltaram ao nível habitual, após { $duration }.
alert-baseline-none = nenhum resultado definitivo
alert-token-in-3-days = 🔑 O token de serviço expira dentro de 3 dias ({ $day }). Substitua-o antes disso (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE), ou ninguém poderá verificar pagamentos.
alert-token-in-1-day = 🔑 O token de serviço expira em menos de um dia ({ $day }). Substitua-o já (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE), ou ninguém poderá verificar pagamentos.
alert-token-expired = 🔑 O token de serviço expirou em { $day }: o fornecedor vai recusar todas as verificações até ser substituído (ENQUIRY_TOKEN ou ENQUIRY_TOKEN_FILE).
digest-heading = 📊 Resumo diário, de { $from } a { $to }
digest-enquiries = Consultas: { $count } ({ $collection } de cobrança, { $airtime } de recarga), cerca de { $payments ->
    [one] { $payments } pagamento distinto
   *[other] { $payments } pagamentos distintos
}
digest-outcomes = ✅ { $success } com sucesso · ❌ { $failed } com falha · ⏳ { $pending } sem estado definitivo · 🔍 { $notFound ->
    [one] { $notFound } não encontrado
   *[other] { $notFound } não encontrados
}
digest-not-checked = Não verificadas: { $count } ({ $detail })
digest-not-checked-none = Todas as consultas tiveram resposta.
digest-token-rejected = 🔒 Recusadas por causa do token de serviço: { $count }
digest-reasons = Motivos de falha mais frequentes:
digest-trouble = { $kind }: fornecedor com perturbações ou fora de serviço durante { $service } · falhas invulgarmente numerosas durante { $failures }
digest-trouble-none = O fornecedor nunca esteve com perturbações nem fora de serviço.
digest-watched = Pagamentos em acompanhamento agora: { $count }
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min
duration-hours = { $hours } h { $minutes } min
duration-days = { $days } d e { $hours } h
duration-years = { $years ->
    [one] { $years } ano
   *[other] { $years } anos
}

## Momentos: quando algo termina ou pode voltar a ser feito (BOT_TIMEZONE)
moment-today = hoje às {$time}
moment-tomorrow = amanhã às {$time}
moment-day = {$day} às {$time}

## Idioma
# O nome deste idioma, tal como os seus falantes o escrevem: aparece nos botões de /language.
language-name = Português
# Numa frase, em minúsculas: «respondo-lhe em português».
language-name-in-sentence = português
# Como se escrevem números e datas (uma etiqueta de idioma Intl): pt-PT, como em Moçambique e Angola, escreve 12 045 e 24/11/2026.
intl-locale = pt-PT
command-language = Escolher o idioma do bot
language-current-private = Respondo-lhe em { $language }. Escolha outro:
language-current-group = Idioma deste grupo: { $language }. Os administradores do grupo podem alterá-lo:
language-current-group-unset = Este grupo não tem um idioma próprio: cada pessoa recebe as respostas no seu próprio idioma ({ $language }, no seu caso). Os administradores do grupo podem definir um:
language-chosen-private = ✅ A partir de agora, respondo-lhe em { $language }.
language-chosen-group = ✅ O idioma deste grupo passa a ser { $language }: todos aqui recebem as respostas neste idioma.
language-group-admins-only = Só os administradores deste grupo podem alterar o idioma.
toast-language-chosen = { $language } ✓

## Casos: os agentes e a equipa de apoio (SUPPORT_CHAT_ID)
button-ask-support = 🆘 Pedir apoio
button-take = ✋ Assumir
button-resolved = ✅ Resolvido
button-send-to-support = 📨 Enviar ao apoio
help-cases = 🆘 Pedir apoio: este botão, por baixo de uma resposta sobre um pagamento que não está SUCCESS, passa-o à equipa de apoio como um caso; /escalate <ID>, seguido do que o cliente diz, faz o mesmo. Responda às mensagens do caso para falar com o apoio; /cases mostra os seus casos.
case-opened = 🆘 Caso n.º { $number } aberto: a equipa de apoio já o recebeu. Responda a esta mensagem para acrescentar o que o cliente diz; as respostas do apoio chegam aqui.
case-joined-taken = 🆘 Outro agente já abriu um caso para este pagamento, o n.º { $number }: { $name }, do apoio, está a tratar dele. Também acompanha este caso: receberá um aviso quando o pagamento ficar definitivo e quando o caso for resolvido. Para escrever ao apoio sobre ele, responda a esta mensagem.
case-joined-waiting = 🆘 Outro agente já abriu um caso para este pagamento, o n.º { $number }: ainda ninguém do apoio o assumiu. Também acompanha este caso: receberá um aviso quando alguém o assumir, quando o pagamento ficar definitivo e quando o caso for resolvido. Para escrever ao apoio sobre ele, responda a esta mensagem.
case-joined-first = 👥 Caso n.º { $number }: outro agente também perguntou por este pagamento. O apoio vê isso no caso; a sua conversa com o apoio continua a ser só entre os dois.
case-joined-support = 👥 Caso n.º { $number }: { $name } também perguntou por este pagamento. Responda a esta mensagem para lhe escrever; tudo o resto que escrever no caso vai para { $first }.
case-already = Já faz parte do caso n.º { $number }. Responda às mensagens do caso para acrescentar informação.
case-success = Este pagamento foi bem-sucedido: o apoio não tem nada a fazer.
case-limit = Tem { $max ->
    [one] { $max } caso aberto
   *[other] { $max } casos abertos
}, o máximo permitido por agente. Aguarde que o apoio resolva alguns primeiro.
case-pick-kind = Que tipo de pagamento é { $id }: uma cobrança ou uma compra de recarga?
case-usage = Envie { $command } com um ID de transação e, se quiser, o que o cliente diz, por exemplo: { $command } TX-12345 o cliente foi debitado duas vezes
case-note-too-long = Essa nota é demasiado longa ({ $count ->
    [one] { $count } carácter
   *[other] { $count } caracteres
}): no máximo { $max }, por favor.
case-private-only = Os casos são tratados só entre o agente e a equipa de apoio: envie /escalate numa conversa privada comigo.
toast-case-private-only = Os casos são abertos numa conversa privada comigo.
toast-case-support-only = Só a equipa de apoio pode fazer isto, na ficha do caso na conversa do apoio.
toast-case-gone = Este caso já não existe.
toast-case-taken = Assumiu o caso n.º { $number }.
toast-case-already-taken = { $name } já assumiu o caso n.º { $number }.
toast-case-resolved = Caso n.º { $number } resolvido.
toast-case-already-resolved = O caso n.º { $number } já estava resolvido.
case-card-heading = 🆘 Caso n.º { $number } · { $state ->
    [taken] ✋ assumido
    [resolved] ✅ resolvido
   *[open] à espera de que alguém o assuma
}
case-card-checked = Última verificação do estado: { $time }
case-card-settled = 🔔 O pagamento ficou definitivo enquanto o caso estava aberto: { $time }
case-card-agent = Agente:
case-card-also-asked = Também consultado por:
case-card-note = O cliente diz:
case-card-unreachable = ⚠️ O bot não consegue enviar mensagens a este agente desde { $time } (talvez o tenha bloqueado).
case-card-opened = Aberto: { $time }
case-card-taken = ✋ Assumido por { $who }: { $time }
case-card-resolved = ✅ Resolvido por { $who }: { $time }
case-taken-agent = ✋ { $name }, do apoio, está a tratar do caso n.º { $number }. As mensagens do apoio chegam aqui: responda a uma delas para lhe escrever.
case-resolved-agent = ✅ { $name }, do apoio, resolveu o caso n.º { $number }. Não vai receber mais mensagens sobre este caso; se o problema continuar, envie de novo /escalate com o ID do pagamento para abrir um novo caso.
case-settled-agent = 🔔 Caso n.º { $number }: o pagamento ficou definitivo (ver abaixo). O caso continua aberto até o apoio o resolver; responda a esta mensagem se tiver algo a acrescentar.
case-settled-support = 🔔 Caso n.º { $number }: o pagamento ficou definitivo (ver abaixo). Resolva o caso na respetiva ficha quando o agente tiver aquilo de que precisa.
case-reminder = ⏰ O caso n.º { $number } está à espera há { $age } e ainda ninguém o assumiu.
case-relay-from-support = 💬 { $name } (apoio), caso n.º { $number }:
case-relay-from-agent = 💬 { $name } (agente), caso n.º { $number }:
case-relay-forwarded = ↪️ Reencaminhado de { $origin }
case-relay-unreachable = ⚠️ Caso n.º { $number }: esta mensagem não chegou a { $name }: o bot não lhe consegue enviar mensagens (talvez o tenha bloqueado).
case-relay-failed = ⚠️ Caso n.º { $number }: esta mensagem não chegou a { $name } (o Telegram recusou-a). Tente de novo daqui a pouco.
case-relay-not-sent = ⚠️ Caso n.º { $number }: esta mensagem não chegou ao apoio (o Telegram recusou-a). Tente de novo daqui a pouco.
case-relay-resolved-support = O caso n.º { $number } está resolvido: esta mensagem não foi enviada aos agentes do caso.
case-relay-resolved-agent = O caso n.º { $number } está resolvido: esta mensagem não foi transmitida ao apoio. Se o problema continuar, envie de novo /escalate com o ID do pagamento.
case-relay-kinds = Só textos, fotografias e documentos são transmitidos ao apoio.
case-offer-one = 💬 Esta mensagem é para o apoio, sobre o caso n.º { $number } ({ $payment })? O botão envia-a ao apoio. Da próxima vez, responda a uma das mensagens do caso (deslize-a para a esquerda) e a sua resposta segue diretamente para o apoio.
case-offer-many = 💬 Tem { $count ->
    [one] { $count } caso aberto
   *[other] { $count } casos abertos
}. Para escrever ao apoio sobre um deles, responda a uma das mensagens desse caso (deslize-a para a esquerda, ou mantenha-a premida e escolha Responder):
case-offer-sent = 📨 Enviado ao apoio, caso n.º { $number }.
toast-case-sent = Enviado ao apoio.
cases-heading-support = Casos abertos ({ $count }), do mais antigo para o mais recente:
cases-none-support = Nenhum caso aberto.
cases-heading-agent = Os seus casos abertos ({ $count }):
cases-none-agent = Não tem nenhum caso aberto. Para abrir um, toque em 🆘 Pedir apoio por baixo de uma resposta, ou envie /escalate <ID>.
cases-taken-by = assumido por { $who }
cases-not-taken = ainda não assumido
case-age-new = menos de um minuto
cases-where = /cases lista os casos abertos na conversa do apoio, e os seus numa conversa privada comigo.
health-admin-cases = Casos abertos: { $open }, o mais antigo desde { $since } · hoje: { $opened ->
    [one] { $opened } novo
   *[other] { $opened } novos
}, { $resolved ->
    [one] { $resolved } resolvido
   *[other] { $resolved } resolvidos
}
health-admin-cases-none = Casos abertos: nenhum · hoje: { $opened ->
    [one] { $opened } novo
   *[other] { $opened } novos
}, { $resolved ->
    [one] { $resolved } resolvido
   *[other] { $resolved } resolvidos
}
digest-cases = Casos: { $opened ->
    [one] { $opened } novo
   *[other] { $opened } novos
}, { $resolved ->
    [one] { $resolved } resolvido
   *[other] { $resolved } resolvidos
}; abertos agora: { $open }, o mais antigo desde { $since }
digest-cases-none = Casos: { $opened ->
    [one] { $opened } novo
   *[other] { $opened } novos
}, { $resolved ->
    [one] { $resolved } resolvido
   *[other] { $resolved } resolvidos
}; nenhum aberto agora

## History: /history, a payment's timeline
command-history = O que o bot respondeu sobre um pagamento, e quando
history-usage = Envie /history com um ID de transação, por exemplo: /history TX-12345 (acrescente collection ou airtime para ver só um tipo)
history-off = Este bot não guarda histórico (HISTORY_DAYS é 0).
history-nothing = Não há nada registado para {$id}; vou verificá-lo agora.
history-title = 🕘 Histórico de {$id}
history-first = primeira consulta: { $said }
history-changed = novo estado: { $said }
history-you = você
history-someone = alguém
history-said-not-found = não encontrado
history-said-unknown = não foi possível verificar ({$cause})
history-repeats = verificado { $count ->
    [one] mais uma vez
   *[other] mais {$count} vezes
} por { $people ->
    [one] uma pessoa
   *[other] {$people} pessoas
}, continua {$status}
history-event-watch-started = 🔔 acompanhamento iniciado por {$who}
history-event-watch-notified = 📣 aviso de estado definitivo para {$who}
history-event-case-opened = 🆘 caso n.º {$number} aberto por {$who}
history-event-case-taken = ✋ caso n.º {$number} assumido por {$who}
history-event-case-resolved = ✅ caso n.º {$number} resolvido por {$who}
history-event-receipt-made = 🧾 recibo n.º {$number} emitido por {$who}: {$said}
history-event-receipt-revoked = 🧾 recibo n.º {$number} anulado por {$who}
history-last-status = Último estado conhecido: {$status}
history-no-status = Ainda não há nenhum estado conhecido.
history-page = Página {$page} de {$pages}
history-check-now = 🔄 Verificar agora

## History: /mychecks, an agent's own checks
command-mychecks = As suas verificações recentes
mychecks-private = /mychecks mostra as suas próprias verificações: envie este comando numa conversa privada comigo.
mychecks-none = Ainda não há verificações suas registadas.
mychecks-title = 🧾 As suas verificações, as mais recentes primeiro · página {$page}
mychecks-status-unknown = estado desconhecido
mychecks-recheck = 🔄 Verificar { $count ->
    [one] o pagamento pendente
   *[other] os {$count} pendentes
}
mychecks-nothing-open = Nenhum pagamento desta página está pendente.
mychecks-csv = 📄 Últimos 30 dias (CSV)
mychecks-csv-caption = As suas verificações dos últimos 30 dias
mychecks-csv-none = Não fez nenhuma verificação nos últimos 30 dias.

## History: /export, for admins
command-export = Exportar o histórico num ficheiro CSV
export-bad-date = Não consigo ler «{$text}» como data: escreva-a no formato 2026-11-24, ou today.
export-bad-filter = Não consigo ler «{$text}»: os filtros são kind=collection ou kind=airtime, status=SUCCESS, user=123456789.
export-too-long = São {$days} dias: uma exportação abrange no máximo 92 dias. Divida o período em dois.
export-reversed = A primeira data é posterior à segunda: troque-as.
export-none = Nenhuma verificação entre {$from} e {$to}.
export-progress = 📤 A exportar o histórico de {$from} a {$to}: { $count ->
    [one] uma entrada
   *[other] {$count} entradas
} até agora…
export-done = 📤 Histórico de {$from} a {$to}: { $count ->
    [one] uma entrada
   *[other] {$count} entradas
}, sobre { $payments ->
    [one] um pagamento
   *[other] {$payments} pagamentos
}.
export-caption = Todas as entradas de {$from} a {$to}
export-latest-caption = O último estado de cada pagamento de {$from} a {$to}
export-failed = A exportação parou antes do fim. Tente de novo daqui a pouco.
export-stopped = 📤 A exportação parou antes do fim: o bot estava a reiniciar. Envie /export de novo daqui a um minuto.
export-running = Ainda tem uma exportação em curso: espere pelos ficheiros dela e depois peça de novo.

## History: the daily summary's line
digest-history = Verificações ontem: {$checks}, feitas por { $people ->
    [one] uma pessoa
   *[other] {$people} pessoas
}; { $open ->
    [0] nenhum pagamento ficou mais de 24 horas sem estado definitivo
    [one] um pagamento ainda sem estado definitivo após 24 horas
   *[other] {$open} pagamentos ainda sem estado definitivo após 24 horas
}

## Recibos (🧾 sob uma resposta final, /receipt, /verify, a página de verificação)
command-receipt = Um recibo para o cliente: /receipt ID
command-verify = Verificar o código de um recibo
button-receipt = 🧾 Recibo
receipt-status-success = Pagamento efetuado
receipt-status-failed = Pagamento não efetuado
receipt-field-mno = Referência da operadora
receipt-field-service = ID da transação no serviço
receipt-field-reason = Motivo da falha
receipt-field-asked = Verificado junto do fornecedor
receipt-field-number = Número do recibo
receipt-field-transaction = ID da transação
receipt-code-label = Código de verificação
receipt-verify-hint = Leia o código QR ou abra o link para verificar este recibo
receipt-caption-check = Verificar este recibo: { $link }
receipt-usage = Envie /receipt com um ID de transação, por exemplo: /receipt TX-12345. Acrescente collection ou airtime para um só tipo, e en, fr, pt ou sw para um recibo noutro idioma: /receipt TX-12345 airtime sw
receipt-not-final = Não há recibo para { $id }: só é emitido um recibo quando o fornecedor responde SUCCESS ou FAILED.
receipt-failed-to-send = Não foi possível emitir o recibo agora. Tente de novo daqui a um minuto.
receipt-revoke-usage = Envie /receipt revoke com o código do recibo, por exemplo: /receipt revoke R7KQ-4XM9-P2JD
receipt-revoke-admins = Só um administrador pode anular um recibo.
receipt-revoked = O recibo n.º { $number } ({ $id }) foi anulado: a partir de agora, a verificação do seu código responde «recibo desconhecido».
receipt-revoke-unknown = Nenhum recibo corresponde a esse código: o código está errado, ou o recibo já foi anulado ou expirou.
verify-usage = Envie /verify com o código impresso no recibo, por exemplo: /verify R7KQ-4XM9-P2JD
verify-genuine-heading = ✅ Este recibo é autêntico
verify-made = Emitido em { $when } por { $title }.
verify-now-heading = Estado atual segundo o fornecedor
verify-now-differs = ⚠️ Este estado é diferente do que consta no recibo: o estado do pagamento mudou desde a emissão do recibo.
verify-now-unchecked = Não foi possível confirmar agora o estado junto do fornecedor: tente de novo daqui a um minuto.
verify-unknown-heading = ❌ Recibo desconhecido
verify-unknown = Nenhum recibo corresponde a esse código: não foi emitido por este serviço.
verify-rate-limited = Demasiadas verificações neste momento. Tente de novo daqui a alguns minutos.
verify-now-not-found = ❓ O fornecedor já não encontra este pagamento.
verify-now-not-final = ⏳ Pagamento ainda sem estado definitivo ({ $status })
help-receipts = 🧾 Recibo, por baixo de uma resposta definitiva (ou /receipt <ID>), cria a imagem de um recibo para reencaminhar ao cliente; qualquer pessoa pode verificar o código com /verify <código> ou abrindo o link do recibo.
