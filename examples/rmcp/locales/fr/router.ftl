# router_server in French: its forms' texts (the tools' results keep their wording).

user-info = Veuillez indiquer votre nom
user-info-name = Nom
    .description = Le nom par lequel le message d’accueil vous salue

seating-indoor = En salle
seating-outdoor = En terrasse

booking = Quelle table dois-je réserver ?
    .description = Une table à réserver : les arguments de `book_table` (son `inputSchema`), et le formulaire de ce que le modèle a omis ou mal rempli.
booking-date = Date
booking-party-size = Nombre de convives
booking-seating = Emplacement

connection = Connectez votre service météo
    .title = Connecter un service météo
    .description = Demandé sur une page : la clé ne passe jamais par le client.
connection-label = Libellé
    .description = Un nom pour cette connexion
connection-api-key = Clé d’API
    .description = La clé d’API du service (elle reste sur ce serveur)

trip = Où aimeriez-vous aller ?
trip-destination = Destination
