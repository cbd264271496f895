# Maandishi yote anayoyaona mtumiaji, kwa Kiswahili. Funguo ni zilezile za en.ftl; jaribio hushindwa ikikosekana mojawapo.
# Vigeu hupitishwa kama maandishi, kwa hiyo ID hazibadilishwi kamwe kuwa namba (123,456).
#
# Msamiati (glossary), English → Kiswahili. Tumia maneno haya kila mahali ili tafsiri ibaki thabiti:
#   payment → malipo (ngeli ya ya-: "malipo yamefanikiwa", "malipo haya")
#   collection → makusanyo (malipo ya mteja); airtime → muda wa maongezi; airtime purchase → ununuzi wa muda wa maongezi
#   transaction → muamala (miamala); transaction ID → ID ya muamala; ID → ID (ngeli ya i-zi: "ID hii", "ID hizi")
#   check → kagua, ukaguzi; enquiry (to the provider) → ulizo, maulizo; status → hali
#   SUCCESS, FAILED, PENDING, MNO, amri (/collection …), vigeu vya mazingira (ENQUIRY_TOKEN …): bila kutafsiri
#   succeeded / failed / not final / not found → yamefanikiwa / yameshindwa / bado hayajakamilika / hayakupatikana
#   settle → kukamilika; watch → fuatilia, ufuatiliaji; notify me → nijulishe
#   bulk file → faili la ID (.csv au .txt); bulk check → ukaguzi wa ID nyingi; report → ripoti; cell → kisanduku
#   provider → mtoa huduma za malipo; service → huduma
#   down / degraded → haipatikani / inasuasua (kusuasua); busy → ina shughuli nyingi
#   health → hali ya huduma; figures → takwimu
#   administrator, admin → msimamizi (wasimamizi); user → mtumiaji; group → kikundi; chat → gumzo; private chat → gumzo la faragha
#   access → ruhusa; grant / allow → kupa ruhusa / ruhusu; revoke access → ondoa ruhusa; approve / deny → kubali / kataa
#   request (for access) → ombi (maombi); invite link → kiungo cha mwaliko; revoke a link → batilisha
#   token → tokeni (service token → tokeni ya huduma; access token → tokeni ya ufikiaji); expire → kuisha muda
#   configuration → usanidi; state store → hifadhi ya hali; instance → nakala ya bot; restart → kuwasha upya
#   bot → bot (ngeli ya i-zi: "bot hii"); button → kitufe; cancel → ghairi; refresh → sasisha
#   durations: nomino kabla ya namba ("dakika 5", "saa 2", "siku 3")

## Aina za ukaguzi
kind-collection = Makusanyo
kind-airtime = Muda wa maongezi
kind-status = Makusanyo au muda wa maongezi

## Jibu moja
label-payment = Malipo:
label-reason = Sababu:
label-mno-ref = Kumbukumbu ya MNO:
label-service-id = ID ya huduma:
status-not-final = bado hayajakamilika, kagua tena baadaye
no-reason = hakuna sababu iliyotolewa
checked-at = Imekaguliwa saa {$time}
unknown-not-failed = Hali ya malipo haijulikani: hii haimaanishi kwamba yameshindwa.

outcome-not-found = Haikupatikana
outcome-not-found-hint = Huduma haiitambui ID hii. Hakikisha ID ni sahihi, au jaribu {$command}.
outcome-not-found-anywhere = Haikupatikana kama makusanyo wala kama ununuzi wa muda wa maongezi. Hakikisha ID ni sahihi.
outcome-unauthorized = Haikuweza kukaguliwa
outcome-unauthorized-hint = Huduma imekataa tokeni ya ufikiaji ya bot. Tafadhali mjulishe msimamizi.
outcome-unauthorized-hint-alerted = Huduma imekataa tokeni ya ufikiaji ya bot; msimamizi amejulishwa.
outcome-timeout = Jibu halikufika kwa wakati
outcome-timeout-hint = Huduma haikujibu kwa wakati. Jaribu tena baada ya muda mfupi.
outcome-busy = Huduma ina shughuli nyingi
outcome-busy-hint = Huduma ina shughuli nyingi kwa sasa. Jaribu tena baada ya dakika moja.
outcome-upstream-error = Hitilafu ya huduma
# Kati ya kichwa cha jibu na tatizo lililotokea ("⚠️ Makusanyo TX-1: Hitilafu ya huduma").
heading-separator = {": "}
outcome-upstream-error-hint = Huduma haiwezi kujibu kwa sasa. Jaribu tena baada ya muda mfupi.
outcome-invalid = Jibu lisilosomeka
outcome-invalid-hint = Huduma imetuma jibu ambalo bot haiwezi kulisoma. Jaribu tena baada ya muda mfupi; tatizo likiendelea, mjulishe msimamizi.
outcome-could-not-check = Haikuweza kukaguliwa
outcome-wrong-address-hint = Bot imefika kwenye ukurasa wa wavuti, si kwenye huduma ya malipo: inaonekana anwani ya huduma si sahihi, kwa hiyo bot haikuuliza chochote kuhusu malipo haya. Tafadhali mjulishe msimamizi.
outcome-wrong-address-hint-alerted = Bot imefika kwenye ukurasa wa wavuti, si kwenye huduma ya malipo: inaonekana anwani ya huduma si sahihi, kwa hiyo bot haikuuliza chochote kuhusu malipo haya. Msimamizi amejulishwa.
outcome-no-token-hint = Bot haikuweza kupata tokeni yake ya ufikiaji kutoka kwa huduma kwa sasa, kwa hiyo haikuuliza chochote kuhusu malipo haya. Jaribu tena baada ya muda mfupi.
outcome-token-refused-hint = Huduma imekataa vitambulisho vya bot, kwa hiyo bot haikuuliza chochote kuhusu malipo haya. Tafadhali mjulishe msimamizi.
outcome-token-refused-hint-alerted = Huduma imekataa vitambulisho vya bot, kwa hiyo bot haikuuliza chochote kuhusu malipo haya; msimamizi amejulishwa.

## ID kadhaa katika jibu moja
summary-heading = {$kind}: ID {$count}
summary-not-found = haikupatikana
summary-unauthorized = tokeni imekataliwa
summary-timeout = jibu halikufika kwa wakati
summary-busy = huduma ina shughuli nyingi
summary-upstream-error = hitilafu ya huduma
summary-invalid = jibu lisilosomeka
summary-wrong-address = anwani ya huduma si sahihi
summary-no-token = hakuna tokeni ya ufikiaji, jaribu tena baada ya muda mfupi
summary-token-refused = vitambulisho vimekataliwa
summary-admin-told = Msimamizi amejulishwa.
summary-tell-admin = Tafadhali mjulishe msimamizi.
summary-unknown-note = Hali isiyojulikana haimaanishi kwamba malipo yameshindwa: kagua tena baadaye.

## Kuuliza
usage = Tuma {$command} pamoja na ID ya muamala, kwa mfano: {$command} TX-12345
usage-invalid = Hii haionekani kuwa ID ya muamala (herufi, tarakimu na - _ . : zisizozidi 64). Mfano: {$command} TX-12345
usage-too-many = Tafadhali tuma ID zisizozidi {$max} kwa wakati mmoja. Umetuma {$count}.
pick-kind = Huu ni muamala wa aina gani?
pick-kind-many = Miamala hii ni ya aina gani (ID {$count})?
button-collection = Makusanyo
button-airtime = Muda wa maongezi
button-both = Zote mbili
button-refresh = 🔄 Sasisha

## Vitufe
toast-updated = Imesasishwa
toast-unchanged = Bado hakuna mabadiliko
toast-expired = Muda wa kitufe hiki umeisha. Tafadhali tuma amri tena.
toast-not-allowed = Samahani, huruhusiwi kutumia bot hii hapa.
toast-slow-down = Maombi ni mengi mno, tafadhali subiri kidogo.
state-unavailable = Siwezi kufikia hifadhi yangu kwa sasa, kwa hiyo siwezi kufanya hivyo (ukaguzi wa malipo bado unafanya kazi). Tafadhali jaribu tena baada ya dakika chache.
toast-stale-button = Kitufe hiki hakipo tena kwenye ujumbe huu. Tafadhali jaribu tena.
toast-inline-unverified = Jibu hili haliwezi kusasishwa hapa: andika @{$bot} na ID tena.

## Msaada na utambulisho
help =
    Ninakujulisha iwapo malipo ya pesa kwa simu yamefanikiwa.

    /collection <ID>: hali ya makusanyo (malipo ya mteja)
    /airtime <ID>: hali ya ununuzi wa muda wa maongezi
    /status <ID>: usipojua ni aina ipi kati ya hizo mbili
    /watch <ID>: nikujulishe hapa malipo yakikamilika (/watches huyaorodhesha, /unwatch <ID> husimamisha ufuatiliaji)
    /history <ID>: nilichosema kuhusu malipo, na lini (/mychecks: ukaguzi wako wa hivi karibuni)
    /health: je, mtoa huduma za malipo mwenyewe ana matatizo? (ukaguzi mwingi ukishindwa kwa wakati mmoja)
    /whoami: ID zako za mtumiaji na za gumzo
    /language: lugha ninayotumia kukujibu

    Mfano: /collection TX-12345
    ID kadhaa kwa pamoja: /collection TX-1 TX-2 TX-3
    Jibu ujumbe kwa /collection ili kukagua ID zilizomo.
    Tuma faili la .csv au .txt lenye ID (pamoja na /collection, /airtime au /status kama maelezo yake) ili kuzikagua zote na kupata ripoti.
help-private-tip = Katika gumzo hili la faragha unaweza pia kutuma ID peke yake.
help-inline-tip = Katika gumzo lingine lolote, andika @{$bot} TX-12345 ili kuweka hali ya malipo hapo.
whoami-user = ID ya mtumiaji:
whoami-chat = ID ya gumzo:
whoami-chat-type = Aina ya gumzo:
whoami-topic = ID ya mada:
whoami-allowed = Unaweza kuuliza hali ya malipo hapa.
whoami-not-allowed = Bado huwezi kuuliza hali ya malipo hapa. Tuma ID hizi kwa msimamizi.

## Ruhusa
access-denied-private = Samahani, bot hii ni ya faragha. Mwombe msimamizi aruhusu ID yako ya mtumiaji: {$userId}
access-denied-group = Kikundi hiki hakiruhusiwi kuuliza hali ya malipo. Mwombe msimamizi aruhusu ID ya gumzo hili: {$chatId}

## Mipaka
slow-down = Unatuma maombi haraka mno. Tafadhali subiri dakika moja kisha ujaribu tena.

## Menyu ya amri
command-collection = Kagua malipo ya makusanyo
command-airtime = Kagua ununuzi wa muda wa maongezi
command-status = Kagua ID ya makusanyo au ya muda wa maongezi
command-whoami = Onyesha ID zako za mtumiaji na za gumzo
command-help = Jinsi ya kutumia bot hii

## Uendeshaji
admin-token-rejected = ⚠️ Mtoa huduma za malipo amekataa tokeni ya huduma ya bot (HTTP {$status}). Watumiaji hawawezi kukagua malipo hadi tokeni hiyo ibadilishwe (ENQUIRY_TOKEN au ENQUIRY_TOKEN_FILE).
admin-chat-migrated = ⚠️ Kikundi kilichoruhusiwa kimepandishwa kuwa kikundi kikubwa (supergroup) na kupata ID mpya: {$formerId} → {$newId}. Bot inaendelea kujibu humo; ongeza {$newId} kwenye ALLOWED_CHAT_IDS (kisha ID ya zamani inaweza kuondolewa).
admin-store-emptied = ⚠️ Hifadhi ya pamoja ya hali (Redis) ilifutwa yote wakati bot ikifanya kazi: huenda iliwashwa upya bila kuhifadhi data kwa kudumu. Kilichopotea: malipo yaliyokuwa yakifuatiliwa (hakuna atakayejulishwa yakikamilika) na vitufe vilivyo chini ya majibu ya zamani. Endesha Redis na uhifadhi wa kudumu (appendonly yes) ili jambo hili lisitokee tena.
admin-state-file-lost = ⚠️ Faili la hali lilifutwa au kubadilishwa wakati bot ikifanya kazi. {$reason}
admin-token-rejected-obtained = ⚠️ Mtoa huduma za malipo amekataa tokeni ya huduma ambayo bot ilikuwa imeipata punde tu (HTTP {$status}). Hakikisha vitambulisho hivi vinaruhusiwa kutumia API ya maulizo, kisha kagua ENQUIRY_HEADERS (ufunguo wa usajili, mazingira lengwa). npm run doctor inaonyesha kinachofanya kazi.
admin-credentials-refused = ⚠️ Mtoa huduma za malipo amekataa vitambulisho vya bot ilipoomba tokeni ya huduma ({$reason}). Watumiaji hawawezi kukagua malipo hadi hili lirekebishwe: kagua ENQUIRY_TOKEN_URL, ENQUIRY_CLIENT_ID na ENQUIRY_CLIENT_SECRET (npm run doctor inaonyesha kinachofanya kazi). Bot itaomba tena takriban mara moja kila dakika, na itawajulisha itakapopata tokeni tena.
admin-token-obtained-again = ✅ Bot imepata tokeni ya huduma tena: malipo yanaweza kukaguliwa.
admin-address-wrong = ⚠️ Anwani ya huduma ya malipo inaonekana si sahihi: ulizo ({$kind}) lilijibiwa HTTP {$status} na ukurasa wa wavuti, si na API. Watumiaji wanaambiwa kwamba malipo yao hayakuweza kukaguliwa. Kagua ENQUIRY_BASE_URL (npm run doctor inaonyesha kinachofanya kazi).

## Ufuatiliaji
kind-either = Makusanyo au muda wa maongezi
button-notify = 🔔 Nijulishe
button-notify-count = 🔔 Nijulishe ({$count})
button-stop-notifying = 🔕 Acha kunijulisha
button-stop = 🔕 Acha
button-unwatch = 🔕 {$id}
button-unwatch-kind = 🔕 {$id} · {$kind}
toast-watching = Nitakutumia ujumbe hapa malipo yakikamilika.
toast-already-watching = Tayari yanafuatiliwa.
toast-stopped = Imesimamishwa: hutapata ujumbe kuhusu malipo haya.
toast-not-watching = Hukuwa ukifuatilia malipo haya.
toast-nothing-to-watch = Tayari yamekamilika: hakuna cha kufuatilia.
toast-watch-limit = Unaweza kufuatilia malipo yasiyozidi {$max} kwa wakati mmoja. Kwanza simamisha baadhi kwa /watches.
watch-started-one = 🔔 Nitakutumia ujumbe hapa malipo yakikamilika (au nikiacha kuyafuatilia).
watch-started-many = 🔔 Nitakutumia ujumbe hapa kadiri malipo haya {$count} yanavyokamilika, moja baada ya jingine (au nikiacha kufuatilia mojawapo).
watch-already = 🔔 Tayari yanafuatiliwa: nitakutumia ujumbe hapa yakikamilika.
watch-nothing = Tayari yamekamilika: hakuna cha kufuatilia.
watch-limit = Unaweza kufuatilia malipo yasiyozidi {$max} kwa wakati mmoja, na sasa unafuatilia {$active}. Kwanza simamisha baadhi kwa /watches.
watches-heading = Malipo ninayofuatilia kwa ajili yako hapa ({$count}):
watches-line = {$kind} · {$status} · tangu {$since} · ukaguzi ujao {$next}
watches-empty = Sifuatilii malipo yoyote kwa ajili yako hapa. Tuma /watch <ID> ili kuanza.
watches-status-unknown = bado haijakaguliwa
unwatch-done = Nimeacha kufuatilia {$ids}.
unwatch-none = Hukuwa ukifuatilia {$ids} hapa.
notice-settled = 🔔 Yamekamilika
notice-for = Kwa ajili ya:
notice-max-age = ⏳ Bado hayajakamilika baada ya saa {$hours}: nimeacha kuyafuatilia. Muulize mtoa huduma kuhusu malipo haya, ukitaja kumbukumbu hizi:
notice-not-found = 🔍 Bado hayajapatikana baada ya dakika {$minutes}: nimeacha kuyafuatilia. Hakikisha ID na mteja; yafuatilie tena kwa /watch ikiwa malipo yalifanywa baadaye.
label-last-status = Hali ya hivi karibuni:
label-transaction-id = ID ya muamala:
command-watch = Nijulishe hapa malipo yakikamilika
command-watches = Malipo ninayofuatilia kwa ajili yako hapa
command-unwatch = Acha kufuatilia malipo

## Matumizi kutoka gumzo lolote (inline)
inline-hint-title = Kagua malipo
inline-hint-description = Andika ID ya muamala, au kadhaa zilizotenganishwa kwa nafasi au koma
inline-hint-message = Ili kukagua malipo kutoka gumzo lolote, andika @{$bot} na ID ya muamala, kwa mfano: @{$bot} TX-12345
inline-invalid-title = Hiyo si ID ya muamala
inline-invalid-description = Kila ID: herufi, tarakimu na - _ . : zisizozidi 64; na ID zisizozidi 20 kwa wakati mmoja
inline-access-button = Jinsi ya kupata ruhusa
inline-slow-down-button = Maombi mengi mno: subiri dakika moja

## Ukaguzi wa ID nyingi kutoka faili
bulk-kind-collection = makusanyo
bulk-kind-airtime = muda wa maongezi
bulk-kind-status = makusanyo au muda wa maongezi
bulk-pick-kind = Miamala iliyomo kwenye {$file} ni ya aina gani?
bulk-progress = { $total ->
    [one] Ninakagua ID {$total} ya {$kind}…
   *[other] Ninakagua ID {$total} za {$kind}…
} {$done}/{$total} {$bar} {$percent}%
button-cancel = ✖ Ghairi
bulk-done = { $total ->
    [one] ID {$total} ya {$kind} kutoka {$file} imekaguliwa:
   *[other] ID {$total} za {$kind} kutoka {$file} zimekaguliwa:
}
bulk-cancelled = Imeghairiwa baada ya ID {$done} kati ya { $total ->
    [one] {$total} ya {$kind}
   *[other] {$total} za {$kind}
} kutoka {$file}:
bulk-stopped = Ukaguzi ulisimama bot ilipowashwa upya, baada ya ID {$done} kati ya { $total ->
    [one] {$total} ya {$kind}
   *[other] {$total} za {$kind}
} kutoka {$file}: tuma faili tena ili kukagua zilizobaki.
bulk-interrupted = Ukaguzi wako wa ID {$total} kutoka {$file} ulikatizwa bot ilipowashwa upya. Tafadhali tuma faili tena.
bulk-count-success = ✅ {$count} yamefanikiwa
bulk-count-failed = ❌ {$count} yameshindwa
bulk-count-not-final = ⏳ {$count} bado hayajakamilika
bulk-count-not-found = 🔍 {$count} hayakupatikana
bulk-count-unknown = ⚠️ {$count} hayakuweza kukaguliwa
bulk-count-invalid = ✏️ { $count ->
    [one] Kisanduku {$count} hakikuwa ID (kimeorodheshwa kwenye ripoti)
   *[other] Visanduku {$count} havikuwa ID (vimeorodheshwa kwenye ripoti)
}
bulk-count-invalid-some = ✏️ Visanduku {$count} havikuwa ID ({$listed} vya kwanza vimeorodheshwa kwenye ripoti)
bulk-report-caption = Hali za malipo kutoka {$file}
bulk-busy = Tayari unakagua ID {$total}. Ghairi ukaguzi huo kwanza, au subiri umalizike.
bulk-busy-reading = Bado ninasoma faili ulilotuma punde tu. Subiri ujumbe wake wa maendeleo, kisha tuma linalofuata.
bulk-too-large = Faili hilo ni kubwa mno ({$size}): tuma lisilozidi {$max}.
bulk-wrong-type = Tuma ID kama faili la .csv au .txt.
bulk-not-text = Faili hilo si la maandishi (labda ni lahajedwali au faili lililobanwa?). Lihifadhi kama .csv au .txt kisha ulitume tena.
bulk-no-ids = Faili hilo halina ID zozote za miamala.
bulk-too-many = Faili hilo lina ID {$count} tofauti: tafadhali zisizozidi {$max} kwa wakati mmoja. Ligawanye na utume sehemu zake moja baada ya nyingine.
bulk-download-failed = Sikuweza kupakua faili hilo kutoka Telegram. Tafadhali litume tena.
bulk-photo = Tuma orodha ya ID kama faili (.csv au .txt), si kama picha.
toast-cancelled = Imeghairiwa: ripoti ya kilichokaguliwa inafuata.
toast-cancel-nothing = Hakuna cha kughairi.
unhandled-hint = Ninaelewa ID za miamala zinazotumwa kama maandishi (TX-12345), amri kama /collection TX-12345, na orodha za ID katika faili la .csv au .txt. /help inaonyesha yote.
unknown-command = Siitambui amri hiyo. Ili kukagua malipo: /collection TX-12345, /airtime TX-12345 au /status TX-12345. /help inaonyesha amri zote.
unknown-command-did-you-mean = Siitambui amri hiyo. Ulimaanisha {$command}? /help inaonyesha amri zote.
feature-off-cases = Kesi zimezimwa hapa: msimamizi anaweza kuziwasha kwa kuweka SUPPORT_CHAT_ID.

## Kusimamia ruhusa: watu wasiojulikana wanaoomba
access-denied-private-request = Samahani, bot hii ni ya faragha. Bonyeza Omba ruhusa ili kuwauliza wasimamizi, au mpe msimamizi ID yako ya mtumiaji: {$userId}
button-request-access = 🙋 Omba ruhusa
request-sent-note = ✅ Ombi lako limetumwa kwa wasimamizi. Utapata ujumbe hapa watakapoamua.
toast-request-sent = Ombi lako limetumwa kwa wasimamizi.
toast-request-pending = Ombi lako linasubiri msimamizi.
toast-request-denied-recently = Msimamizi amekataa ombi lako. Unaweza kuomba tena kuanzia {$time}.
toast-request-too-many = Maombi mengi mno yanasubiri. Tafadhali jaribu tena baadaye.
toast-request-already-allowed = Tayari una ruhusa: tuma /help ili uone unachoweza kuuliza.
access-granted-welcome = ✅ Msimamizi amekupa ruhusa ya kutumia bot hii.
access-request-declined = Msimamizi amekataa ombi lako la ruhusa. Unaweza kuomba tena baada ya siku moja.
access-revoked = Msimamizi ameondoa ruhusa yako ya kutumia bot hii.

## Kusimamia ruhusa: viungo vya mwaliko
invite-joined = ✅ Karibu! Sasa una ruhusa ya kutumia bot hii.
invite-invalid = Kiungo hiki cha mwaliko si halali tena. Mwombe msimamizi akupe kipya.
invite-already = Tayari una ruhusa ya kutumia bot hii.
invite-usage = Tuma /invite upate kiungo cha mtu mmoja, au /invite N kwa watu N (wasiozidi {$max}); ongeza ni cha nani, ili ukitambue baadaye katika /invites, kwa mfano: /invite 3 mawakala wapya wa Mombasa.
admin-invite-created-one = 🔗 Kiungo hiki kinamruhusu mtu mmoja kuingia, hadi {$until}. Mtumie kwa faragha: atakayekifungua kwanza ndiye atakayepata ruhusa.
    {$link}
admin-invite-created-many = 🔗 Kiungo hiki kinawaruhusu watu {$count} kuingia, hadi {$until}. Kitume kwa faragha: kila mmoja kati ya {$count} wa kwanza kukifungua atapata ruhusa.
    {$link}
admin-invites-heading = Viungo vya mwaliko vilivyo wazi ({$count}):
admin-invites-line = kilichoundwa na {$by} {$made} · matumizi {$left} kati ya {$uses} yamebaki · hadi {$until}
admin-invites-line-for = kwa ajili ya {$for} · kilichoundwa na {$by} {$made} · matumizi {$left} kati ya {$uses} yamebaki · hadi {$until}
admin-invites-empty = Hakuna kiungo cha mwaliko kilicho wazi. /invite huunda kimoja.
button-uninvite = 🚫 {$id}
toast-invite-revoked = Kiungo cha mwaliko kimebatilishwa.
toast-invite-gone = Kiungo hicho hakikuwa wazi tena.

## Kusimamia ruhusa: vikundi
group-hello = 👋 Habari! Mtu yeyote katika kikundi hiki sasa anaweza kukagua malipo hapa.
group-approved = ✅ Msimamizi ameruhusu kikundi hiki: kila mwanachama sasa anaweza kukagua malipo hapa.
group-not-allowed-yet = Kikundi hiki bado hakiwezi kukagua malipo. Nimewauliza wasimamizi, na nitasema hapa watakapoamua.
group-request-pending = Wasimamizi wameshaulizwa kuhusu kikundi hiki.
group-too-many = Maombi mengi mno yanawasubiri wasimamizi. Msimamizi anaweza kutuma /allow hapa.
group-request-declined = Msimamizi amekataa kukipa kikundi hiki ruhusa.

## Kusimamia ruhusa: wanachokiona wasimamizi
admin-request-user = 🙋 {$name} anaomba ruhusa.
admin-request-group = 👥 {$by} ameniongeza kwenye kikundi "{$title}" na anaomba ruhusa kwa kikundi hicho.
label-user-id = ID ya mtumiaji:
label-chat-id = ID ya gumzo:
label-language = Lugha:
button-approve = ✅ Kubali
button-deny = ❌ Kataa
admin-request-approved = ✅ Limekubaliwa na {$admin} saa {$time}.
admin-request-denied = ❌ Limekataliwa na {$admin} saa {$time}.
admin-request-expired = ⌛ Muda wa ombi hili umeisha bila kujibiwa.
toast-approved = Limekubaliwa.
toast-denied = Limekataliwa.
toast-already-decided = Tayari limeamuliwa na {$admin}.
toast-request-expired = Muda wa ombi hili umeisha.
toast-admins-only = Msimamizi pekee ndiye anayeweza kufanya hivi.
admin-joined = 🔗 {$name} ({$id}) ameingia kwa mwaliko wa {$by}.
admin-group-added = 👥 {$by} ameniongeza kwenye "{$title}" ({$id}): kikundi kimeruhusiwa.
admin-group-removed = 👥 Nimeondolewa kwenye "{$title}" ({$id}): ruhusa yake imekoma.
admin-note-approved = 🛈 {$by} amekubali ombi la {$name} ({$id}).
admin-note-denied = 🛈 {$by} amekataa ombi la {$name} ({$id}).
admin-note-invited = 🛈 {$by} ameunda kiungo cha mwaliko { $count ->
    [one] cha mtu mmoja
   *[other] cha watu {$count}
}.
admin-note-invite-revoked = 🛈 {$by} amebatilisha kiungo cha mwaliko {$id}.
admin-note-allowed = 🛈 {$by} ametoa ruhusa kwa {$name} ({$id}).
admin-note-revoked = 🛈 {$by} ameondoa ruhusa ya {$name} ({$id}).
admin-only-here = Tumia amri hii katika gumzo la faragha nami, au katika gumzo la wasimamizi.
admin-allow-usage = Tuma /allow pamoja na ID ya mtumiaji, au ID ya kikundi (ni namba hasi; /whoami ndani ya kikundi huionyesha). Ndani ya kikundi, /allow peke yake huruhusu kikundi hicho.
admin-allowed-user = ✅ Mtumiaji {$id} sasa anaweza kutumia bot.
admin-allowed-group = ✅ Kikundi {$id} sasa kimeruhusiwa.
admin-already-allowed = Tayari {$id} imepewa ruhusa.
admin-revoke-usage = Tuma /revoke pamoja na ID ya mtumiaji au ID ya kikundi.
admin-revoked = 🚫 Ruhusa ya {$name} ({$id}) imeondolewa.
admin-revoke-config = Ruhusa ya {$id} inatoka kwenye usanidi ({$list}): iondoe huko. Hakuna kilichobadilishwa.
admin-revoke-none = Hakuna ruhusa iliyotolewa kwa {$id} kupitia gumzo.
admin-users-heading = Wanaoweza kutumia bot ({$count}), ukurasa {$page} kati ya {$pages}:
admin-users-everyone = ALLOW_EVERYONE imewashwa: kila mtu anaweza kutumia bot.
admin-users-admin = msimamizi (usanidi)
admin-users-config-user = usanidi (ALLOWED_USER_IDS)
admin-users-config-group = usanidi (ALLOWED_CHAT_IDS)
admin-users-approved = ombi lilikubaliwa na {$by} tarehe {$date}
admin-users-invite = mwaliko wa {$by} tarehe {$date}
admin-users-allowed = ruhusa kutoka kwa {$by} tarehe {$date}
admin-users-added = {$by} aliniongeza tarehe {$date}
admin-users-config-note = Vilivyowekwa kwenye usanidi haviwezi kuondolewa hapa: badilisha ADMIN_USER_IDS, ALLOWED_USER_IDS au ALLOWED_CHAT_IDS.
button-revoke = 🚫 {$name}
button-previous = ◀
button-next = ▶
toast-revoked = Ruhusa imeondolewa.
toast-nothing-to-revoke = Hakuna cha kuondoa: ilikuwa imeshaondolewa, au inatoka kwenye usanidi.
help-admin = Kama msimamizi: /invite huunda kiungo cha mwaliko (/invite N kwa watu N), /invites huorodhesha vilivyo wazi, /users huonyesha wanaoweza kutumia bot, /allow <ID> na /revoke <ID> hutoa na kuondoa ruhusa. Maombi ya watu wasiojulikana hukufikia yakiwa na Kubali na Kataa. /export hutuma historia ya siku moja au kipindi kama faili la CSV (/export 2026-11-01 2026-11-30).
command-invite = Unda kiungo cha mwaliko
command-invites = Viungo vya mwaliko vilivyo wazi
command-users = Wanaoweza kutumia bot
command-allow = Mpe ruhusa mtumiaji au kikundi
command-revoke = Ondoa ruhusa

## Hali ya mtoa huduma
command-health = Je, mtoa huduma za malipo anafanya kazi?
health-headline-normal = 🟢 Mtoa huduma za malipo anafanya kazi kama kawaida.
health-reason-item = { $reason } ({ $count })
health-kind-normal = { $kind }: hali ya kawaida
health-headline-trouble = { $level ->
    [down] 🔴 Mtoa huduma za malipo hapatikani kwa { $kinds }.
   *[degraded] 🟠 Mtoa huduma za malipo ana matatizo kwa { $kinds }.
}
health-kind-not-checked = { $kind }: { $level ->
    [down] huduma haipatikani
   *[degraded] huduma inasuasua
} tangu { $since }: { $percent } ya { $count ->
    [one] ulizo { $count } halikuweza kukaguliwa
   *[other] maulizo { $count } hayakuweza kukaguliwa
} katika dakika 5 zilizopita.
health-kind-slow = { $kind }: huduma inasuasua tangu { $since }: majibu ni ya polepole, 95 % yalifika ndani ya { $p95 }.
health-failures-high = ❗ { $kind }: malipo mengi isivyo kawaida yameshindwa tangu { $since }: { $failed } katika saa iliyopita ({ $percent } ya matokeo ya mwisho; { $baseline } siku iliyotangulia). Sababu inayojitokeza zaidi: { $reason }
health-window-5m = { $kind }, dakika 5 zilizopita
health-window-line = { $window }: { $count ->
    [one] ulizo { $count }
   *[other] maulizo { $count }
} · { $percent } hayakukaguliwa · p95 { $p95 }
health-window-empty = { $window }: hakuna maulizo
health-sparkline = Maulizo yasiyokaguliwa, saa iliyopita (kila alama = dakika 5): { $bars }
health-today = Leo (tangu { $since }): ✅ { $success } yamefanikiwa · ❌ { $failed } yameshindwa
health-today-reasons = Sababu zinazojitokeza zaidi za kushindwa: { $reasons }
health-reason-line = { $rank }. { $reason } ({ $count })
health-reason-other = sababu nyingine
health-reason-none = hakuna sababu iliyotolewa
health-waiting = ⏳ Malipo yanayofuatiliwa ambayo bado hayajakamilika baada ya saa moja: { $count }, ya zamani zaidi tangu { $since }.
health-waiting-none = ⏳ Hakuna malipo yanayofuatiliwa yaliyosubiri zaidi ya saa moja.
health-figures-note = Takwimu hizi zinajumuisha maulizo yote ambayo bot imepeleka kwa mtoa huduma, kutoka nakala zote za bot.
health-unavailable = Takwimu za hali ya huduma haziwezi kusomwa kwa sasa (hifadhi ya hali ya bot haijibu). Ukaguzi wa malipo bado unafanya kazi.
health-admin-heading = Kwa wasimamizi
health-admin-token = Tokeni ya huduma: { $expiry }
health-admin-token-expires = muda wake unaisha tarehe { $day } (baada ya { $left })
health-admin-token-expired = MUDA WAKE ULIISHA tarehe { $day }
health-admin-token-unknown = haina tarehe ya kuisha muda
health-admin-token-given = Inatoka kwenye {$variable}.
health-admin-token-obtained = Bot iliipata yenyewe (client credentials) saa {$when}, na huifanya upya kabla muda wake haujaisha.
health-admin-token-obtained-lasting = Bot iliipata yenyewe (client credentials) saa {$when}. Haina muda wa kuisha, kwa hiyo huifanya upya tu mtoa huduma akiikataa.
health-admin-token-not-obtained = Bot huipata yenyewe (client credentials): bado haijaipata.
health-admin-token-problem = { $kind ->
    [refused] ⚠️ Mtoa huduma amekuwa akikataa vitambulisho vya bot tangu {$since}: {$reason}
   *[other] ⚠️ Huduma ya kutoa tokeni haijajibu tangu {$since}: {$reason}
}
health-admin-store = Hifadhi ya hali: { $store ->
    [redis] Redis
   *[sqlite] iliyojengwa ndani (SQLite)
}, { $status }
health-admin-store-ok = inafanya kazi
health-admin-store-degraded = INASUASUA: { $reason }
health-admin-topology = Seva kuu ya Redis { $master }, { $replicas ->
    [one] nakala (replica) { $replicas } iko mtandaoni
   *[other] nakala (replica) { $replicas } ziko mtandaoni
}
health-admin-topology-sentinels = Seva kuu ya Redis { $master }, { $replicas ->
    [one] nakala (replica) { $replicas } iko mtandaoni
   *[other] nakala (replica) { $replicas } ziko mtandaoni
}; { $sentinels ->
    [one] mlinzi (sentinel) { $sentinels } anaifuatilia seva kuu
   *[other] walinzi (sentinel) { $sentinels } wanaifuatilia seva kuu
}
health-admin-instances = Nakala za bot zinazofanya kazi: { $count }
health-admin-background = Ukaguzi wa chinichini unaosubiri hapa: { $queue } · malipo yanayofuatiliwa: { $watches }
health-detail-item = { $what }: { $count }
health-outcome-timeout = hakuna jibu kwa wakati
health-outcome-busy = shughuli nyingi
health-outcome-service-error = hitilafu za huduma
health-outcome-unreadable = majibu yasiyosomeka
answer-provider-trouble = ⚠️ Si malipo haya pekee: ukaguzi wa { $kind } umekuwa na matatizo tangu { $since } ({ $cause ->
    [slow] majibu ni ya polepole, 95 % ya majibu yalifika ndani ya { $p95 }
   *[not-checked] { $percent } ya maulizo hayakuweza kukaguliwa katika dakika 5 zilizopita
}).
answer-provider-trouble-watch = { answer-provider-trouble } Bonyeza 🔔 Nijulishe ili ujulishwe malipo yakikamilika.
alert-service-started = { $level ->
    [down] 🔴 { $kind }: mtoa huduma za malipo hapatikani
   *[degraded] 🟠 { $kind }: mtoa huduma za malipo anasuasua
} tangu { $since }. { $cause ->
    [slow] Majibu ni ya polepole: 95 % ya majibu yalifika ndani ya { $p95 } katika dakika 5 zilizopita (maulizo { $count }).
   *[not-checked] Katika dakika 5 zilizopita, { $percent } ya maulizo { $count } hayakuweza kukaguliwa ({ $detail }).
}
alert-service-worse = 🔴 { $kind }: mtoa huduma za malipo sasa hapatikani: { $percent } ya maulizo { $count } hayakuweza kukaguliwa katika dakika 5 zilizopita ({ $detail }). Matatizo yalianza { $startedAt }.
alert-service-better = 🟠 { $kind }: hali imeimarika, lakini huduma bado inasuasua: { $percent } ya maulizo { $count } hayakuweza kukaguliwa katika dakika 5 zilizopita. Matatizo yalianza { $startedAt }.
alert-service-recovered = 🟢 { $kind }: mtoa huduma za malipo amerejea katika hali ya kawaida tangu { $since }, baada ya matatizo ya { $duration } (hali mbaya zaidi: { $worst ->
    [down] huduma haikupatikana
   *[degraded] huduma ilisuasua
}).
alert-failures-started = ❗ { $kind }: malipo mengi isivyo kawaida yameshindwa: { $failed } katika saa iliyopita, { $percent } ya matokeo ya mwisho ({ $baseline } siku iliyotangulia). Sababu inayojitokeza zaidi: { $reason }. Huenda mtandao fulani wa simu unakataa malipo.
alert-failures-ended = ✅ { $kind }: idadi ya malipo yanayoshindwa imerudi kwenye kiwango cha kawaida, baada ya { $duration }.
alert-baseline-none = hakuna matokeo ya mwisho
alert-token-in-3-days = 🔑 Muda wa tokeni ya huduma utaisha baada ya siku 3 ({ $day }). Ibadilishe kabla ya hapo (ENQUIRY_TOKEN au ENQUIRY_TOKEN_FILE), la sivyo hakuna atakayeweza kukagua malipo.
alert-token-in-1-day = 🔑 Muda wa tokeni ya huduma utaisha ndani ya siku moja ({ $day }). Ibadilishe sasa (ENQUIRY_TOKEN au ENQUIRY_TOKEN_FILE), la sivyo hakuna atakayeweza kukagua malipo.
alert-token-expired = 🔑 Muda wa tokeni ya huduma uliisha tarehe { $day }: mtoa huduma atakataa kila ukaguzi hadi tokeni ibadilishwe (ENQUIRY_TOKEN au ENQUIRY_TOKEN_FILE).
digest-heading = 📊 Muhtasari wa siku, { $from } hadi { $to }
digest-enquiries = Maulizo: { $count } (makusanyo { $collection }, muda wa maongezi { $airtime }), takriban malipo { $payments } tofauti
digest-outcomes = ✅ { $success } yamefanikiwa · ❌ { $failed } yameshindwa · ⏳ { $pending } bado hayajakamilika · 🔍 { $notFound } hayakupatikana
digest-not-checked = Hayakuweza kukaguliwa: { $count } ({ $detail })
digest-not-checked-none = Maulizo yote yalijibiwa.
digest-token-rejected = 🔒 Maulizo yaliyokataliwa kwa sababu ya tokeni ya huduma: { $count }
digest-reasons = Sababu zinazojitokeza zaidi za kushindwa:
digest-trouble = { $kind }: huduma ikisuasua au isipopatikana: { $service } · malipo mengi yakishindwa isivyo kawaida: { $failures }
digest-trouble-none = Mtoa huduma hakuwahi kusuasua wala kukosekana.
digest-watched = Malipo yanayofuatiliwa sasa: { $count }
duration-seconds = sekunde { $seconds }
duration-minutes = dakika { $minutes }
duration-hours = saa { $hours } dakika { $minutes }
duration-days = siku { $days } saa { $hours }
duration-years = { $years ->
    [one] mwaka { $years }
   *[other] miaka { $years }
}


## Nyakati: jambo linapoisha au linapoweza kufanywa tena (BOT_TIMEZONE)
moment-today = leo saa {$time}
moment-tomorrow = kesho saa {$time}
moment-day = {$day} saa {$time}

## Lugha
# Jina la lugha hii jinsi wazungumzaji wake wanavyoliandika: huonyeshwa kwenye vitufe vya /language.

language-name = Kiswahili
# Ndani ya sentensi: "ninakujibu kwa Kiswahili".
language-name-in-sentence = Kiswahili
# Jinsi namba na tarehe zinavyoandikwa (lebo ya lugha ya Intl): sw huandika 12,045 na 24 Nov 2026.
intl-locale = sw
command-language = Chagua lugha ya bot
language-current-private = Ninakujibu kwa { $language }. Chagua nyingine:
language-current-group = Lugha ya kikundi hiki: { $language }. Wasimamizi wa kikundi wanaweza kuibadilisha:
language-current-group-unset = Kikundi hiki hakina lugha yake: kila mtu anajibiwa kwa lugha yake ({ $language } kwako). Wasimamizi wa kikundi wanaweza kuweka moja:
language-chosen-private = ✅ Kuanzia sasa ninakujibu kwa { $language }.
language-chosen-group = ✅ Lugha ya kikundi hiki sasa ni { $language }: kila mtu hapa atajibiwa kwa lugha hiyo.
language-group-admins-only = Wasimamizi wa kikundi hiki pekee ndio wanaoweza kubadilisha lugha yake.
toast-language-chosen = { $language } ✓

## Kesi: mawakala na timu ya usaidizi (SUPPORT_CHAT_ID)
button-ask-support = 🆘 Omba usaidizi
button-take = ✋ Chukua
button-resolved = ✅ Imetatuliwa
button-send-to-support = 📨 Tuma kwa usaidizi
help-cases = Kitufe 🆘 Omba usaidizi, kilicho chini ya jibu kuhusu malipo ambayo si SUCCESS, hukabidhi malipo hayo kwa timu ya usaidizi kama kesi; /escalate <ID> ikifuatwa na anachosema mteja hufanya vivyo hivyo. Jibu ujumbe wa kesi ili kuzungumza na usaidizi; /cases huorodhesha kesi zako.
case-opened = 🆘 Kesi namba { $number } imefunguliwa: timu ya usaidizi imeipokea. Jibu ujumbe huu ili kuongeza anachosema mteja; majibu ya usaidizi yatakuja hapa.
case-joined-taken = 🆘 Wakala mwingine tayari amefungua kesi namba { $number } kuhusu malipo haya: { $name } wa timu ya usaidizi anaishughulikia. Wewe pia sasa unaifuatilia: utajulishwa malipo yatakapokamilika na kesi itakapotatuliwa. Ili kuiandikia timu ya usaidizi kuhusu kesi hii, jibu ujumbe huu.
case-joined-waiting = 🆘 Wakala mwingine tayari amefungua kesi namba { $number } kuhusu malipo haya, lakini bado hakuna mtu wa timu ya usaidizi aliyeichukua. Wewe pia sasa unaifuatilia: utajulishwa mtu atakapoichukua, malipo yatakapokamilika na kesi itakapotatuliwa. Ili kuiandikia timu ya usaidizi kuhusu kesi hii, jibu ujumbe huu.
case-joined-first = 👥 Kesi namba { $number }: wakala mwingine pia ameuliza kuhusu malipo haya. Timu ya usaidizi inaliona hilo kwenye kesi; mazungumzo yako na usaidizi yanabaki kati yenu.
case-joined-support = 👥 Kesi namba { $number }: { $name } pia ameuliza kuhusu malipo haya. Jibu ujumbe huu ili kumwandikia; chochote kingine mnachoandika kwenye kesi hii kinaenda kwa { $first }.
case-already = Tayari uko kwenye kesi namba { $number }. Jibu ujumbe wake ili kuongeza maelezo.
case-success = Malipo haya yamefanikiwa: timu ya usaidizi haina cha kufanya.
case-limit = Una { $max ->
    [one] kesi { $max } iliyo wazi
   *[other] kesi { $max } zilizo wazi
}, kiwango cha juu kwa wakala mmoja. Subiri timu ya usaidizi itatue baadhi kwanza.
case-pick-kind = { $id } ni malipo ya aina gani: makusanyo au ununuzi wa muda wa maongezi?
case-usage = Tuma { $command } pamoja na ID ya muamala, kisha anachosema mteja ukipenda, kwa mfano: { $command } TX-12345 mteja alitozwa mara mbili
case-note-too-long = Maelezo hayo ni marefu mno (herufi { $count }). Tafadhali tumia herufi zisizozidi { $max }.
case-private-only = Kesi ni kati yako na timu ya usaidizi: tuma /escalate kwenye gumzo la faragha nami.
toast-case-private-only = Kesi hufunguliwa kwenye gumzo la faragha nami.
toast-case-support-only = Ni timu ya usaidizi pekee inayoweza kufanya hivi, kwenye kadi ya kesi katika gumzo la usaidizi.
toast-case-gone = Kesi hii haipo tena.
toast-case-taken = Umechukua kesi namba { $number }.
toast-case-already-taken = { $name } tayari amechukua kesi namba { $number }.
toast-case-resolved = Kesi namba { $number } imetatuliwa.
toast-case-already-resolved = Kesi namba { $number } ilikuwa tayari imetatuliwa.
case-card-heading = 🆘 Kesi namba { $number } · { $state ->
    [taken] ✋ imechukuliwa
    [resolved] ✅ imetatuliwa
   *[open] inasubiri mtu wa kuichukua
}
case-card-checked = Hali hii ilikaguliwa mwisho: { $time }
case-card-settled = 🔔 Malipo yalikamilika kesi ikiwa bado wazi ({ $time }).
case-card-agent = Wakala:
case-card-also-asked = Aliyeuliza pia:
case-card-note = Mteja anasema:
case-card-unreachable = ⚠️ Bot haijaweza kumwandikia wakala huyu tangu { $time } (huenda ameizuia).
case-card-opened = Ilifunguliwa: { $time }
case-card-taken = ✋ Imechukuliwa na { $who } ({ $time })
case-card-resolved = ✅ Imetatuliwa na { $who } ({ $time })
case-taken-agent = ✋ { $name } wa timu ya usaidizi anashughulikia kesi namba { $number }. Ujumbe wake utakuja hapa: jibu mojawapo ili kumjibu.
case-resolved-agent = ✅ { $name } wa timu ya usaidizi ametatua kesi namba { $number }. Hakuna ujumbe zaidi utakaokuja kuhusu kesi hii; tatizo likiendelea, tuma /escalate tena kwa malipo hayo ili kufungua kesi mpya.
case-settled-agent = 🔔 Kesi namba { $number }: malipo yamekamilika (tazama hapa chini). Kesi itabaki wazi hadi timu ya usaidizi iitatue; jibu ujumbe huu kama una jambo la kuongeza.
case-settled-support = 🔔 Kesi namba { $number }: malipo yamekamilika (tazama hapa chini). Tatua kesi kwenye kadi yake wakala akishapata anachohitaji.
case-reminder = ⏰ Kesi namba { $number } imesubiri { $age } na bado hakuna aliyeichukua.
case-relay-from-support = 💬 { $name } (usaidizi), kesi namba { $number }:
case-relay-from-agent = 💬 { $name } (wakala), kesi namba { $number }:
case-relay-forwarded = ↪️ Imesambazwa kutoka kwa { $origin }
case-relay-unreachable = ⚠️ Kesi namba { $number }: ujumbe huu haukumfikia { $name }: bot haiwezi kumwandikia (huenda ameizuia).
case-relay-failed = ⚠️ Kesi namba { $number }: ujumbe huu haukumfikia { $name } (Telegram iliukataa). Jaribu tena baada ya muda mfupi.
case-relay-not-sent = ⚠️ Kesi namba { $number }: ujumbe huu haukufika kwa usaidizi (Telegram iliukataa). Jaribu tena baada ya muda mfupi.
case-relay-resolved-support = Kesi namba { $number } imetatuliwa: ujumbe huu haukuwafikia mawakala wake.
case-relay-resolved-agent = Kesi namba { $number } imetatuliwa: ujumbe huu haukupitishwa. Tatizo likiendelea, tuma /escalate tena kwa malipo hayo.
case-relay-kinds = Ni maandishi, picha na nyaraka pekee zinazopitishwa kwa usaidizi.
case-offer-one = 💬 Je, ujumbe huu ni wa timu ya usaidizi, kuhusu kesi namba { $number } ({ $payment })? Kitufe kilicho hapa chini kinautuma kwao. Wakati ujao, jibu mojawapo ya jumbe za kesi hiyo (telezesha ujumbe kushoto) na jibu lako litaenda moja kwa moja kwa timu ya usaidizi.
case-offer-many = 💬 Una { $count ->
    [one] kesi { $count } iliyo wazi
   *[other] kesi { $count } zilizo wazi
}. Ili kuiandikia timu ya usaidizi kuhusu mojawapo, jibu mojawapo ya jumbe za kesi hiyo (telezesha ujumbe kushoto, au ubonyeze kwa muda kisha uchague Jibu):
case-offer-sent = 📨 Ujumbe umetumwa kwa timu ya usaidizi, kesi namba { $number }.
toast-case-sent = Ujumbe umetumwa kwa usaidizi.
cases-heading-support = Kesi zilizo wazi ({ $count }), za zamani zaidi kwanza:
cases-none-support = Hakuna kesi iliyo wazi.
cases-heading-agent = Kesi zako zilizo wazi ({ $count }):
cases-none-agent = Huna kesi iliyo wazi. Kitufe 🆘 Omba usaidizi chini ya jibu, au /escalate <ID>, hufungua kesi.
cases-taken-by = imechukuliwa na { $who }
cases-not-taken = hakuna aliyeichukua
case-age-new = chini ya dakika moja
cases-where = /cases huorodhesha kesi zilizo wazi katika gumzo la usaidizi, na zako katika gumzo la faragha nami.
health-admin-cases = Kesi zilizo wazi: { $open }, ya zamani zaidi iko wazi tangu { $since } · leo: zilizofunguliwa { $opened }, zilizotatuliwa { $resolved }
health-admin-cases-none = Kesi zilizo wazi: hakuna · leo: zilizofunguliwa { $opened }, zilizotatuliwa { $resolved }
digest-cases = Kesi: zilizofunguliwa { $opened }, zilizotatuliwa { $resolved }; bado ziko wazi: { $open }, ya zamani zaidi iko wazi tangu { $since }
digest-cases-none = Kesi: zilizofunguliwa { $opened }, zilizotatuliwa { $resolved }; hakuna iliyo wazi kwa sasa

## History: /history, a payment's timeline
command-history = Bot ilisema nini kuhusu malipo, na lini
history-usage = Tuma /history pamoja na ID ya muamala, kwa mfano: /history TX-12345 (ongeza collection au airtime kuona aina moja tu)
history-off = Bot hii haihifadhi historia (HISTORY_DAYS ni 0).
history-nothing = Hakuna kilichorekodiwa kwa {$id}, ninaikagua sasa.
history-title = 🕘 Historia ya {$id}
history-first = ulizo la kwanza: { $said }
history-changed = hali mpya: { $said }
history-you = wewe
history-someone = mtu fulani
history-said-not-found = haikupatikana
history-said-unknown = haikuweza kukaguliwa ({$cause})
history-repeats = imekaguliwa tena { $count ->
    [one] mara moja
   *[other] mara {$count}
} na { $people ->
    [one] mtu mmoja
   *[other] watu {$people}
}, bado {$status}
history-event-watch-started = 🔔 ufuatiliaji ulianzishwa na {$who}
history-event-watch-notified = 📣 taarifa ya kukamilika ilitumwa kwa: {$who}
history-event-case-opened = 🆘 kesi namba {$number} ilifunguliwa na {$who}
history-event-case-taken = ✋ kesi namba {$number} ilichukuliwa na {$who}
history-event-case-resolved = ✅ kesi namba {$number} ilitatuliwa na {$who}
history-event-receipt-made = 🧾 risiti namba {$number} ilitolewa na {$who}: {$said}
history-event-receipt-revoked = 🧾 risiti namba {$number} ilifutwa na {$who}
history-last-status = Hali ya mwisho inayojulikana: {$status}
history-no-status = Bado hakuna hali inayojulikana.
history-page = Ukurasa {$page} kati ya {$pages}
history-check-now = 🔄 Kagua sasa

## History: /mychecks, an agent's own checks
command-mychecks = Ukaguzi wako wa hivi karibuni
mychecks-private = /mychecks inaonyesha ukaguzi wako mwenyewe: nitumie amri hii katika gumzo la faragha nami.
mychecks-none = Bado hakuna ukaguzi wako uliorekodiwa.
mychecks-title = 🧾 Ukaguzi wako, wa hivi karibuni kwanza · ukurasa {$page}
mychecks-status-unknown = hali haijulikani
mychecks-recheck = 🔄 Kagua tena yasiyokamilika ({$count})
mychecks-nothing-open = Hakuna malipo ambayo bado hayajakamilika kwenye ukurasa huu.
mychecks-csv = 📄 Siku 30 zilizopita (CSV)
mychecks-csv-caption = Ukaguzi wako wa siku 30 zilizopita
mychecks-csv-none = Hukufanya ukaguzi wowote katika siku 30 zilizopita.

## History: /export, for admins
command-export = Hamisha historia kama faili la CSV
export-bad-date = Sielewi tarehe “{$text}”: iandike hivi 2026-11-24, au today.
export-bad-filter = Sielewi “{$text}”: vichujio ni kind=collection au kind=airtime, status=SUCCESS, user=123456789.
export-too-long = Hizo ni siku {$days}: uhamishaji mmoja hauwezi kuzidi siku 92. Gawanya kipindi hicho katika sehemu mbili.
export-reversed = Tarehe ya kwanza inakuja baada ya ya pili: zibadilishane nafasi.
export-none = Hakuna ukaguzi kati ya {$from} na {$to}.
export-progress = 📤 Ninahamisha historia ya {$from} hadi {$to}: { $count ->
    [one] rekodi moja
   *[other] rekodi {$count}
} hadi sasa…
export-done = 📤 Historia ya {$from} hadi {$to}: { $count ->
    [one] rekodi moja
   *[other] rekodi {$count}
}, zinazohusu { $payments ->
    [one] muamala mmoja
   *[other] miamala {$payments}
}.
export-caption = Rekodi zote kuanzia {$from} hadi {$to}
export-latest-caption = Hali ya mwisho ya kila malipo kuanzia {$from} hadi {$to}
export-failed = Uhamishaji ulisimama kabla ya kumalizika. Tafadhali jaribu tena baada ya muda mfupi.
export-stopped = 📤 Uhamishaji ulisimama kabla ya kumalizika: bot ilikuwa ikiwashwa upya. Tuma /export tena baada ya dakika moja.
export-running = Bado una uhamishaji unaoendelea: subiri faili zake kwanza, kisha uombe mwingine.

## History: the daily summary's line
digest-history = Ukaguzi wa jana: {$checks}, uliofanywa na { $people ->
    [one] mtu mmoja
   *[other] watu {$people}
}; { $open ->
    [0] hakuna malipo yaliyokaa zaidi ya saa 24 bila kukamilika
    [one] malipo moja bado hayajakamilika baada ya saa 24
   *[other] malipo {$open} bado hayajakamilika baada ya saa 24
}

## Risiti (🧾 chini ya jibu la mwisho, /receipt, /verify, ukurasa wa kuhakiki)
command-receipt = Risiti ya kumpa mteja: /receipt ID
command-verify = Hakiki msimbo wa risiti
button-receipt = 🧾 Risiti
receipt-status-success = Malipo yamefanikiwa
receipt-status-failed = Malipo yameshindwa
receipt-field-mno = Kumbukumbu ya mtandao wa simu
receipt-field-service = ID ya muamala ya huduma
receipt-field-reason = Sababu ya kushindwa
receipt-field-asked = Hali ilithibitishwa na mtoa huduma
receipt-field-number = Namba ya risiti
receipt-field-transaction = ID ya muamala
receipt-code-label = Msimbo wa uhakiki
receipt-verify-hint = Skani msimbo wa QR au fungua kiungo ili kuhakiki risiti
receipt-caption-check = Hakiki risiti hii: { $link }
receipt-usage = Tuma /receipt pamoja na ID ya muamala, kwa mfano: /receipt TX-12345. Ongeza collection au airtime ili kuchagua aina moja, na en, fr, pt au sw ili kupata risiti kwa lugha nyingine: /receipt TX-12345 airtime sw
receipt-not-final = Risiti ya { $id } haiwezi kutolewa: risiti hutolewa tu mtoa huduma anaposema SUCCESS au FAILED.
receipt-failed-to-send = Risiti haikuweza kutolewa sasa hivi. Tafadhali jaribu tena baada ya dakika moja.
receipt-revoke-usage = Tuma /receipt revoke pamoja na msimbo wa risiti, kwa mfano: /receipt revoke R7KQ-4XM9-P2JD
receipt-revoke-admins = Msimamizi pekee ndiye anayeweza kubatilisha risiti.
receipt-revoked = Risiti namba { $number } ({ $id }) imebatilishwa: sasa msimbo wake hautambuliki ukihakikiwa.
receipt-revoke-unknown = Hakuna risiti yenye msimbo huu: msimbo si sahihi, au risiti ilishabatilishwa au muda wake umekwisha.
verify-usage = Tuma /verify pamoja na msimbo ulioandikwa kwenye risiti, kwa mfano: /verify R7KQ-4XM9-P2JD
verify-genuine-heading = ✅ Hii ni risiti halisi
verify-made = Ilitolewa tarehe { $when } na { $title }.
verify-now-heading = Hali ya sasa kwa mtoa huduma
verify-now-differs = ⚠️ Hali hii ni tofauti na ile iliyo kwenye risiti: hali ya malipo imebadilika tangu risiti ilipotolewa.
verify-now-unchecked = Hali ya sasa haikuweza kupatikana kwa mtoa huduma: tafadhali jaribu tena baada ya dakika moja.
verify-unknown-heading = ❌ Risiti haitambuliki
verify-unknown = Hakuna risiti yenye msimbo huu: haikutolewa na huduma hii.
verify-rate-limited = Maombi ya uhakiki ni mengi mno kwa sasa. Tafadhali jaribu tena baada ya dakika chache.
verify-now-not-found = ❓ Mtoa huduma hayatambui tena malipo haya.
verify-now-not-final = ⏳ Malipo bado hayajakamilika ({ $status })
help-receipts = 🧾 Risiti, chini ya jibu la mwisho (au /receipt <ID>), hutoa picha ya risiti ya kumtumia mteja; mtu yeyote anaweza kuhakiki msimbo wake kwa /verify <msimbo>, au kwa kufungua kiungo chake.
