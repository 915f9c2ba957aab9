"""Twilight Struggle facts as data: the map, the cards, the set-up."""
