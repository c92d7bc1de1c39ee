# Les mots que mcp-elicit montre lui-même, en français (voir `en/elicit.ftl` pour l'usage de chaque message).

## What a field takes, and what came instead (in "doit être { $expected }, et non { $found }").

expected-text = du texte
expected-integer = un nombre entier
expected-number = un nombre
expected-boolean = true ou false
expected-option = l’une des options
expected-options = une liste d’options
found-null = null
found-boolean = un booléen
found-number = un nombre
found-text = du texte
found-list = une liste
found-object = un objet

## The formats.

format-email = une adresse e-mail
format-uri = une URI absolue, par exemple https://example.com
format-date = une date, par exemple 2025-11-25
format-date-time = une date et une heure avec décalage horaire, par exemple 2025-11-25T09:30:00Z

## The problems of a field's value; each follows the field's title ("Nom doit…", "Nom : doit…").

problem-missing = est obligatoire
problem-wrong-type = doit être { $expected }, et non { $found }
problem-wrong-type-quiet = doit être { $expected }
problem-not-an-integer = doit être un nombre entier (valeur reçue : { $found })
problem-too-small = doit valoir au moins { $minimum } (valeur reçue : { $found })
problem-too-large = doit valoir au plus { $maximum } (valeur reçue : { $found })
problem-too-short = doit comporter au moins { $minimum } { $minimum ->
        [one] caractère
       *[other] caractères
    } (actuellement { $found })
problem-too-long = doit comporter au plus { $maximum } { $maximum ->
        [one] caractère
       *[other] caractères
    } (actuellement { $found })
problem-pattern = doit correspondre au motif `{ $pattern }` (valeur reçue : { $found })
problem-pattern-quiet = doit correspondre au motif `{ $pattern }`
problem-bad-pattern = ne peut pas être vérifié : le motif du formulaire n’est pas valide ({ $reason })
problem-bad-format = doit être { $format } (valeur reçue : { $found })
problem-bad-format-quiet = doit être { $format }
problem-not-an-option = doit être l’une des valeurs { $options } (valeur reçue : { $found })
problem-not-an-option-more = doit être l’une des valeurs { $options } ou { $more ->
        [one] { $more } autre
       *[other] { $more } autres
    } (valeur reçue : { $found })
problem-too-few-choices = doit avoir au moins { $minimum } { $minimum ->
        [one] option choisie
       *[other] options choisies
    } (actuellement { $found })
problem-too-many-choices = doit avoir au plus { $maximum } { $maximum ->
        [one] option choisie
       *[other] options choisies
    } (actuellement { $found })
problem-repeated-choice = contient { $choice } plus d’une fois
problem-sent-twice = a été envoyé plus d’une fois : donnez une seule valeur
# A list of values: "a", "b", "c".
list-separator = {", "}

## A form asked again: its message, then this note, then one line per problem.

retry-note = { $count ->
        [one] Veuillez corriger ce point :
       *[other] Veuillez corriger ces points :
    }
# One line of the note (after "- "), and a problem beside its field on a page.
problem-line = { $field } : { $problem }
page-problem = { $field } { $problem }

## The rules of a field, shown before anything is typed.

rule-length-range = de { $minimum } à { $maximum } { $maximum ->
        [one] caractère
       *[other] caractères
    }
rule-length-exact = exactement { $minimum } { $minimum ->
        [one] caractère
       *[other] caractères
    }
rule-length-min = au moins { $minimum } { $minimum ->
        [one] caractère
       *[other] caractères
    }
rule-length-max = au plus { $maximum } { $maximum ->
        [one] caractère
       *[other] caractères
    }
rule-pattern = correspondant au motif `{ $pattern }`
rule-whole-number = un nombre entier
rule-number = un nombre
rule-whole-number-range = un nombre entier de { $minimum } à { $maximum }
rule-number-range = un nombre de { $minimum } à { $maximum }
rule-whole-number-min = un nombre entier supérieur ou égal à { $minimum }
rule-number-min = un nombre supérieur ou égal à { $minimum }
rule-whole-number-max = un nombre entier inférieur ou égal à { $maximum }
rule-number-max = un nombre inférieur ou égal à { $maximum }
rule-choose-exact = Choisissez-en { $minimum }.
rule-choose-range = Choisissez-en de { $minimum } à { $maximum }.
rule-choose-min = Choisissez-en au moins { $minimum }.
rule-choose-max = Choisissez-en jusqu’à { $maximum }.
rule-utc = Date et heure en UTC.
# Joins the rules of one field: "de 2 à 40 caractères ; correspondant au motif `[a-z]+`".
rule-separator = {" ; "}

## The page: its frame, its buttons and its problems.

page-default-title = Informations demandées
page-submit = Envoyer
page-decline = Refuser
page-error-title = Erreur : { $title }
page-error-prefix = Erreur :{" "}
page-problem-heading = Il y a un problème
page-signed-in-as = Connecté en tant que { $name }
page-optional = {" "}(facultatif)
page-yes = Oui
page-no = Non
page-no-answer = Pas de réponse
page-choose-an-option = Choisissez une option

## The pages that end a visit, each a title and its text.

page-not-found-title = Page introuvable
page-not-found = Cette page n’existe pas. Recommencez depuis votre assistant.
page-expired-title = Page expirée
page-expired = Cette page a expiré. Recommencez depuis votre assistant.
page-closed-title = Page fermée
page-closed = Cette page a été fermée : la demande à laquelle elle appartenait est terminée. Recommencez depuis votre assistant.
page-answered-title = Déjà répondu
page-answered = Vous avez déjà répondu à cette page. Vous pouvez la fermer.
page-forbidden-title = Cette page n’est pas la vôtre
page-forbidden = Cette page appartient à un autre utilisateur. Recommencez depuis votre assistant, connecté avec votre propre compte.
page-sign-in-title = Connexion
page-sign-in = Connectez-vous pour répondre à cette page.
page-unavailable-title = Réessayez
page-unavailable = La page est inaccessible pour le moment. Réessayez dans un instant.
page-not-a-form-title = Formulaire non reconnu
page-not-a-form = Cette page n’accepte que la réponse à son propre formulaire.
page-too-long-title = Réponse trop longue
page-too-long = La réponse dépasse la taille acceptée par cette page.
page-not-from-page-title = Non envoyé depuis cette page
page-not-from-page = Cette réponse n’a pas été envoyée depuis cette page. Rouvrez la page et répondez-y directement.
page-not-this-form-title = Ce n’est pas le formulaire de cette page
page-done-title = Terminé
page-done = Merci : votre réponse est enregistrée. Vous pouvez fermer cette page et revenir à votre assistant.
page-declined-title = Refusé
page-declined = Vous avez refusé : rien n’a été enregistré. Vous pouvez fermer cette page et revenir à votre assistant.

## The connect page of an account at a provider (`$provider` is the provider's name).

connect-title = Connectez votre compte { $provider }
connect-submit = Continuer vers { $provider }
connect-continue = Continuer
connect-continue-hint = Continuez vers le fournisseur pour vous connecter.
connect-already-title = Déjà connecté
connect-already = Votre compte { $provider } est déjà connecté : vous n’avez rien d’autre à faire. Vous pouvez fermer cette page et revenir à votre assistant.
connect-not-connected-title = Non connecté

## The terminal form ("y" and "n" are the keys the terminal accepts).

terminal-fill = Remplir le formulaire
terminal-decline = Refuser
terminal-cancel = Annuler
terminal-esc-cancels = Échap annule à tout moment
terminal-correct = Veuillez corriger ces réponses :
terminal-open-page = Ouvrir cette page ?
terminal-open-page-help = y (oui) l’ouvre dans votre navigateur ; n (non) refuse ; Échap annule
terminal-opened = Ouverte dans votre navigateur.
terminal-open-yourself = Ouvrez-la dans un navigateur : { $url }
terminal-empty-unanswered = Entrée sur une ligne vide laisse la question sans réponse
terminal-yes = Oui
terminal-no = Non
terminal-no-answer = (pas de réponse)
terminal-y-or-n = y (oui) ou n (non)
terminal-select-help = ↑↓ pour se déplacer, Entrée pour choisir
terminal-multi-help = ↑↓ pour se déplacer, Espace pour cocher ou décocher, Entrée pour valider
terminal-multi-help-none = ↑↓ pour se déplacer, Espace pour cocher ou décocher, Entrée pour valider ; ne rien cocher laisse la question sans réponse
terminal-choose-min = choisissez-en au moins { $minimum }
terminal-choose-max = choisissez-en au plus { $maximum }
connect-done-title = Connecté
connect-done = Votre compte est connecté. Vous pouvez fermer cette page et revenir à votre assistant.
connect-done-as = Votre compte { $provider } { $account } est connecté. Vous pouvez fermer cette page et revenir à votre assistant.
connect-declined = Vous n’avez pas connecté votre compte : rien n’a été conservé. Vous pouvez fermer cette page et revenir à votre assistant.
connect-failed = Votre compte n’a pas pu être connecté : le fournisseur n’a pas terminé la connexion. Rien n’a été conservé. Recommencez depuis votre assistant.
connect-not-yours-title = Cette connexion n’est pas la vôtre
connect-not-yours = Cette connexion a été lancée par un autre utilisateur. Aucun compte n’a été connecté. Si quelqu’un vous a envoyé ce lien, ne le suivez pas : recommencez depuis votre assistant, connecté avec votre propre compte.
connect-used-title = Déjà utilisée
connect-used = Cette connexion a déjà été terminée, ou une plus récente a été lancée. Aucun autre compte n’a été connecté. Recommencez depuis votre assistant si nécessaire.
connect-other-browser-title = Autre navigateur
connect-other-browser = Cette connexion a été lancée dans un autre navigateur. Aucun compte n’a été connecté : terminez-la dans le navigateur où vous l’avez commencée, ou recommencez depuis votre assistant.
connect-not-a-sign-in-title = Connexion inconnue de ce serveur
connect-not-a-sign-in = Cette connexion n’a pas été lancée par ce serveur. Recommencez depuis votre assistant.

progress-waiting = en attente de la réponse sur la page

error-still-invalid = Le formulaire « { $form } » a été demandé { $rounds ->
        [one] une fois
       *[other] { $rounds } fois
    }, et la dernière réponse ne respecte toujours pas ses règles :
error-still-invalid-untitled = Le formulaire a été demandé { $rounds ->
        [one] une fois
       *[other] { $rounds } fois
    }, et la dernière réponse ne respecte toujours pas ses règles :
error-invalid-arguments = Les arguments de l’outil manquent ou ne respectent pas ses règles, et le client ne peut pas les demander à la personne :
error-no-form = La personne n’a pas pu être interrogée : son client ne sait pas afficher de formulaires (il n’a pas déclaré l’élicitation par formulaire).
error-no-url = La personne n’a pas pu être interrogée : son client ne sait pas ouvrir de pages (il n’a pas déclaré l’élicitation par URL).
error-state-expired = La question a expiré. Appelez de nouveau sans `inputResponses` ni `requestState` pour recommencer.
error-state-used = Ces réponses ont déjà été utilisées. Appelez de nouveau sans `inputResponses` ni `requestState` pour recommencer.
error-state-refused = Ces réponses n’appartiennent pas à cet appel. Appelez de nouveau sans `inputResponses` ni `requestState` pour recommencer.
error-state-too-large = Les réponses données jusqu’ici sont trop longues pour passer à la question suivante ({ $size } octets, pour { $limit } au plus). Recommencez avec des réponses plus courtes.
error-store-unreachable = Le serveur ne peut pas joindre son stockage de pages pour le moment. Réessayez dans un instant.
error-page-not-answered = La page n’a pas reçu de réponse à temps. Redemandez quand la personne sera prête.
error-account-failed = Le compte n’a pas pu être connecté. Connectez-le de nouveau.
error-account-busy = Le compte est en cours d’actualisation ailleurs. Réessayez dans un instant.
error-account-unavailable = Le fournisseur du compte ne peut pas renouveler son accès pour le moment. Réessayez dans un instant.

link-open = Le client de cette personne ne peut pas afficher ce formulaire : elle y répond donc sur une page de ce serveur. Demandez-lui d’ouvrir le lien ci-dessous, de se connecter si on le lui demande et d’y répondre. Rien n’a encore été fait.
link-again = Une fois qu’elle a répondu, refaites ce même appel, avec les mêmes arguments : il se poursuit avec sa réponse. D’ici là, un nouvel appel donne ce même lien.
error-no-caller = La personne n’a pas pu être interrogée : son client ne sait pas afficher de formulaires, et le serveur ne peut lui lier aucune page (l’appel ne porte aucun utilisateur connecté).
error-form-not-answered = La personne n’a pas pu être interrogée : son client n’a pas répondu au formulaire à temps (il ne sait peut-être pas afficher de formulaires). Redemandez quand elle sera prête.
error-too-often = Ce même appel a été demandé par un lien trop de fois en peu de temps. Attendez quelques minutes, puis réessayez.
