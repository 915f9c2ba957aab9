"""13 Days data: the board and the cards as plain Python values."""
