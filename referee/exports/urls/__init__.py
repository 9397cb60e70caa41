"""Export URLs: all ``public`` (each download checks what its reader may see)."""
