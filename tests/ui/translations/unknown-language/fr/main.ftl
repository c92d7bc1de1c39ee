book-table = Réserver une table
