book-table = Réserver une table
book-table-seating = Placement
book-table-size = Taille
