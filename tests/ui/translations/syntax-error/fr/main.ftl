book-table = Réserver une table

book-table-party-size Nombre de personnes
