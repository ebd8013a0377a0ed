-- Keycloak keeps its realm in a database of its own beside Card Lens's.
CREATE DATABASE keycloak OWNER cardlens;
