# rmcp_server's sign-up form in French (the tools' results keep their wording).

signup = Créez votre compte
    .description = Le formulaire d’inscription. Les propriétés arrivent au client dans cet ordre.
signup-email = Adresse e-mail
    .description = Nous y envoyons le lien de confirmation
signup-age = Âge
    .description = Vous devez avoir 13 ans ou plus
signup-plan = Formule
signup-topics = Écrivez-moi au sujet de

plan-free = Gratuite : un projet
plan-pro = Pro : projets illimités

topic-releases = Nouvelles versions
topic-security-notices = Avis de sécurité
topic-events = Événements
