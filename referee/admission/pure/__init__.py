"""The admission's rules as plain Python (no Django): who may enter, what he owes."""
