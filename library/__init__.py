"""The 📖 library of cards, characters and rules (issue 8), mounted at /library/.

It reads the engine's catalogue and draws cards with the table's own presenters
(``game.table``); the match never imports it (its links into the library are ``game.links``).
"""
