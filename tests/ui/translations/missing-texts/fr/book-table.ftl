# The form's message, the title of `party_size` and everything of `name` are missing.
book-table-party-size =
    .description = Vous compris
