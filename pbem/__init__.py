"""pbem: a play-by-email service for the two board games called Forbidden City."""

__version__ = "0.1.0"
