# Empty texts, each written as Fluent allows: a string literal, or blanks inside one.
book-table = { "" }
book-table-party-size = Nombre de personnes
    .description = { " " }
book-table-seating = { "  " }
book-table-name = Nom
    .description = { "" }
seating-window = { "" }
seating-terrace = En terrasse
