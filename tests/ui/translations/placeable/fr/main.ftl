-brand = Chez Léon
book-table = Réserver chez { -brand }
book-table-party-size = Nombre de personnes
    .description = Combien serez-vous, { $name } ?
