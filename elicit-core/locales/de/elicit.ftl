# Die Wörter, die mcp-elicit selbst zeigt, auf Deutsch (zur Verwendung jeder Nachricht siehe `en/elicit.ftl`).

## What a field takes, and what came instead (in "muss { $expected } sein, ist aber { $found }").

expected-text = Text
expected-integer = eine ganze Zahl
expected-number = eine Zahl
expected-boolean = true oder false
expected-option = eine der Optionen
expected-options = eine Liste von Optionen
found-null = null
found-boolean = ein Wahrheitswert
found-number = eine Zahl
found-text = Text
found-list = eine Liste
found-object = ein Objekt

## The formats.

format-email = eine E-Mail-Adresse
format-uri = eine absolute URI, z. B. https://example.com
format-date = ein Datum, z. B. 2025-11-25
format-date-time = Datum und Uhrzeit mit Zeitzonenversatz, z. B. 2025-11-25T09:30:00Z

## The problems of a field's value; each follows the field's title ("Name muss …").
## "Zeichen" is the same in singular and plural.

problem-missing = ist erforderlich
problem-wrong-type = muss { $expected } sein, ist aber { $found }
problem-wrong-type-quiet = muss { $expected } sein
problem-not-an-integer = muss eine ganze Zahl sein (erhalten: { $found })
problem-too-small = muss mindestens { $minimum } sein (erhalten: { $found })
problem-too-large = darf höchstens { $maximum } sein (erhalten: { $found })
problem-too-short = muss mindestens { $minimum } Zeichen lang sein (derzeit { $found })
problem-too-long = darf höchstens { $maximum } Zeichen lang sein (derzeit { $found })
problem-pattern = muss dem Muster `{ $pattern }` entsprechen (erhalten: { $found })
problem-pattern-quiet = muss dem Muster `{ $pattern }` entsprechen
problem-bad-pattern = kann nicht geprüft werden: Das Muster des Formulars ist ungültig ({ $reason })
problem-bad-format = muss { $format } sein (erhalten: { $found })
problem-bad-format-quiet = muss { $format } sein
problem-not-an-option = muss einer der Werte { $options } sein (erhalten: { $found })
problem-not-an-option-more = muss einer der Werte { $options } oder { $more ->
        [one] { $more } weiterer
       *[other] { $more } weitere
    } sein (erhalten: { $found })
problem-too-few-choices = muss mindestens { $minimum } { $minimum ->
        [one] ausgewählte Option
       *[other] ausgewählte Optionen
    } haben (derzeit { $found })
problem-too-many-choices = darf höchstens { $maximum } { $maximum ->
        [one] ausgewählte Option
       *[other] ausgewählte Optionen
    } haben (derzeit { $found })
problem-repeated-choice = enthält { $choice } mehr als einmal
problem-sent-twice = wurde mehr als einmal gesendet: Geben Sie nur einen Wert an
# A list of values: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] Bitte korrigieren Sie diesen Punkt:
       *[other] Bitte korrigieren Sie diese Punkte:
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field }: { $problem }
page-problem = { $field } { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = { $minimum } bis { $maximum } Zeichen
rule-length-exact = genau { $minimum } Zeichen
rule-length-min = mindestens { $minimum } Zeichen
rule-length-max = höchstens { $maximum } Zeichen
rule-pattern = passend zum Muster `{ $pattern }`
rule-whole-number = eine ganze Zahl
rule-number = eine Zahl
rule-whole-number-range = eine ganze Zahl von { $minimum } bis { $maximum }
rule-number-range = eine Zahl von { $minimum } bis { $maximum }
rule-whole-number-min = eine ganze Zahl, mindestens { $minimum }
rule-number-min = eine Zahl, mindestens { $minimum }
rule-whole-number-max = eine ganze Zahl, höchstens { $maximum }
rule-number-max = eine Zahl, höchstens { $maximum }
rule-choose-exact = Wählen Sie { $minimum } aus.
rule-choose-range = Wählen Sie { $minimum } bis { $maximum } aus.
rule-choose-min = Wählen Sie mindestens { $minimum } aus.
rule-choose-max = Wählen Sie bis zu { $maximum } aus.
rule-utc = Datum und Uhrzeit in UTC.
# Joins the rules of one field: "2 bis 40 Zeichen; passend zum Muster `[a-z]+`".
rule-separator = {"; "}

## The page: its frame, its buttons and its problems.

page-default-title = Angeforderte Angaben
page-submit = Absenden
page-decline = Ablehnen
page-error-title = Fehler: { $title }
page-error-prefix = Fehler:{" "}
page-problem-heading = Es gibt ein Problem
page-signed-in-as = Angemeldet als { $name }
page-optional = {" "}(optional)
page-yes = Ja
page-no = Nein
page-no-answer = Keine Antwort
page-choose-an-option = Wählen Sie eine Option

## The pages that end a visit, each a title and its text.

page-not-found-title = Seite nicht gefunden
page-not-found = Diese Seite gibt es nicht. Beginnen Sie in Ihrem Assistenten von vorn.
page-expired-title = Seite abgelaufen
page-expired = Diese Seite ist abgelaufen. Beginnen Sie in Ihrem Assistenten von vorn.
page-closed-title = Seite geschlossen
page-closed = Diese Seite wurde geschlossen: Die Anfrage, zu der sie gehörte, ist beendet. Beginnen Sie in Ihrem Assistenten von vorn.
page-answered-title = Bereits beantwortet
page-answered = Diese Seite wurde bereits beantwortet. Sie können sie schließen.
page-forbidden-title = Nicht Ihre Seite
page-forbidden = Diese Seite gehört einem anderen Benutzer. Beginnen Sie in Ihrem Assistenten von vorn, angemeldet mit Ihrem eigenen Konto.
page-sign-in-title = Anmelden
page-sign-in = Melden Sie sich an, um diese Seite zu beantworten.
page-unavailable-title = Erneut versuchen
page-unavailable = Die Seite ist gerade nicht erreichbar. Versuchen Sie es gleich noch einmal.
page-not-a-form-title = Kein Formular
page-not-a-form = Diese Seite nimmt nur die Antwort auf ihr eigenes Formular an.
page-too-long-title = Zu lang
page-too-long = Die Antwort ist länger, als diese Seite annimmt.
page-not-from-page-title = Nicht von dieser Seite gesendet
page-not-from-page = Diese Antwort wurde nicht von dieser Seite gesendet. Öffnen Sie die Seite erneut und antworten Sie dort.
page-not-this-form-title = Nicht das Formular dieser Seite
page-done-title = Fertig
page-done = Vielen Dank: Ihre Antwort ist gespeichert. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.
page-declined-title = Abgelehnt
page-declined = Sie haben abgelehnt: Es wurde nichts gespeichert. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = Ihr Konto bei { $provider } verbinden
connect-submit = Weiter zu { $provider }
connect-continue = Weiter
connect-continue-hint = Fahren Sie beim Anbieter fort, um sich anzumelden.
connect-already-title = Bereits verbunden
connect-already = Ihr Konto bei { $provider } ist bereits verbunden: Sie müssen nichts weiter tun. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.
connect-not-connected-title = Nicht verbunden

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = Formular ausfüllen
terminal-decline = Ablehnen
terminal-cancel = Abbrechen
terminal-esc-cancels = Esc bricht jederzeit ab
terminal-correct = Bitte korrigieren Sie diese Antworten:
terminal-open-page = Diese Seite öffnen?
terminal-open-page-help = y (ja) öffnet sie in Ihrem Browser; n (nein) lehnt ab; Esc bricht ab
terminal-opened = In Ihrem Browser geöffnet.
terminal-open-yourself = Öffnen Sie sie in einem Browser: { $url }
terminal-empty-unanswered = Enter in einer leeren Zeile lässt die Frage unbeantwortet
terminal-yes = Ja
terminal-no = Nein
terminal-no-answer = (keine Antwort)
terminal-y-or-n = y (ja) oder n (nein)
terminal-select-help = ↑↓ bewegt, Enter wählt aus
terminal-multi-help = ↑↓ bewegt, Leertaste wählt an oder ab, Enter bestätigt
terminal-multi-help-none = ↑↓ bewegt, Leertaste wählt an oder ab, Enter bestätigt; ohne Auswahl bleibt die Frage unbeantwortet
terminal-choose-min = wählen Sie mindestens { $minimum } aus
terminal-choose-max = wählen Sie höchstens { $maximum } aus
connect-done-title = Verbunden
connect-done = Ihr Konto ist verbunden. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.
connect-done-as = Ihr Konto { $account } bei { $provider } ist verbunden. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.
connect-declined = Sie haben Ihr Konto nicht verbunden: Es wurde nichts gespeichert. Sie können diese Seite schließen und zu Ihrem Assistenten zurückkehren.
connect-failed = Ihr Konto konnte nicht verbunden werden: Der Anbieter hat die Anmeldung nicht abgeschlossen. Es wurde nichts gespeichert. Beginnen Sie in Ihrem Assistenten von vorn.
connect-not-yours-title = Nicht Ihre Anmeldung
connect-not-yours = Diese Anmeldung wurde von einem anderen Benutzer gestartet. Es wurde nichts verbunden. Falls Ihnen jemand diesen Link geschickt hat, folgen Sie ihm nicht: Beginnen Sie in Ihrem Assistenten von vorn, angemeldet mit Ihrem eigenen Konto.
connect-used-title = Bereits verwendet
connect-used = Diese Anmeldung wurde bereits abgeschlossen, oder eine neuere wurde gestartet. Es wurde nichts weiter verbunden. Beginnen Sie bei Bedarf in Ihrem Assistenten von vorn.
connect-other-browser-title = Anderer Browser
connect-other-browser = Diese Anmeldung wurde in einem anderen Browser gestartet. Es wurde nichts verbunden: Schließen Sie sie in dem Browser ab, in dem Sie sie begonnen haben, oder beginnen Sie in Ihrem Assistenten von vorn.
connect-not-a-sign-in-title = Keine Anmeldung dieses Servers
connect-not-a-sign-in = Diese Anmeldung wurde nicht von diesem Server gestartet. Beginnen Sie in Ihrem Assistenten von vorn.

progress-waiting = Warten auf die Antwort auf der Seite

error-still-invalid = Das Formular „{ $form }“ wurde { $rounds ->
        [one] einmal
       *[other] { $rounds }-mal
    } abgefragt, und die letzte Antwort verstößt noch immer gegen seine Regeln:
error-still-invalid-untitled = Das Formular wurde { $rounds ->
        [one] einmal
       *[other] { $rounds }-mal
    } abgefragt, und die letzte Antwort verstößt noch immer gegen seine Regeln:
error-invalid-arguments = Die Argumente des Werkzeugs fehlen oder verstoßen gegen seine Regeln, und der Client kann die Person nicht danach fragen:
error-no-form = Die Person konnte nicht gefragt werden: Ihr Client kann keine Formulare anzeigen (er hat Formular-Elicitation nicht angegeben).
error-no-url = Die Person konnte nicht gefragt werden: Ihr Client kann keine Seiten öffnen (er hat URL-Elicitation nicht angegeben).
error-state-expired = Die Frage ist abgelaufen. Rufen Sie erneut ohne `inputResponses` und `requestState` auf, um neu zu beginnen.
error-state-used = Diese Antworten wurden bereits verwendet. Rufen Sie erneut ohne `inputResponses` und `requestState` auf, um neu zu beginnen.
error-state-refused = Diese Antworten gehören nicht zu diesem Aufruf. Rufen Sie erneut ohne `inputResponses` und `requestState` auf, um neu zu beginnen.
error-state-too-large = Die bisherigen Antworten sind zu lang, um sie zur nächsten Frage mitzunehmen ({ $size } Bytes, höchstens { $limit }). Beginnen Sie neu mit kürzeren Antworten.
error-store-unreachable = Der Server erreicht seinen Seitenspeicher gerade nicht. Versuchen Sie es gleich noch einmal.
error-page-not-answered = Die Seite wurde nicht rechtzeitig beantwortet. Fragen Sie erneut, wenn die Person bereit ist.
error-account-failed = Das Konto konnte nicht verbunden werden. Verbinden Sie es erneut.
error-account-busy = Das Konto wird gerade anderswo aktualisiert. Versuchen Sie es gleich noch einmal.
error-account-unavailable = Der Anbieter des Kontos kann den Zugang gerade nicht erneuern. Versuchen Sie es gleich noch einmal.

link-open = Der Client dieser Person kann dieses Formular nicht anzeigen, daher beantwortet sie es auf einer Seite dieses Servers. Bitten Sie sie, den Link unten zu öffnen, sich bei Bedarf anzumelden und dort zu antworten. Bisher ist nichts geschehen.
link-again = Sobald sie geantwortet hat, führen Sie genau diesen Aufruf mit denselben Argumenten erneut aus: Er wird mit ihrer Antwort fortgesetzt. Bis dahin liefert ein erneuter Aufruf denselben Link.
error-no-caller = Die Person konnte nicht gefragt werden: Ihr Client kann keine Formulare anzeigen, und der Server kann ihr keine Seite zuordnen (der Aufruf enthält keinen angemeldeten Benutzer).
error-form-not-answered = Die Person konnte nicht gefragt werden: Ihr Client hat das Formular nicht rechtzeitig beantwortet (er kann womöglich keine Formulare anzeigen). Fragen Sie erneut, wenn sie bereit ist.
error-too-often = Dieser Aufruf wurde in kurzer Zeit zu oft über einen Link gestellt. Warten Sie einige Minuten und versuchen Sie es dann erneut.
