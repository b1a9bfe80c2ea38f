"""Das kleine Egon-Spiel: its numbers (`tables`), its orders (`orders`) and one round (`evaluate`)."""
