// Italian texts of geocoding, defined once for the server and the listing form (client-safe).
export const GEO_MESSAGES = {
  missingCityOrRegion: "Inserisci città e regione per la geolocalizzazione",
  notFound: "Impossibile trovare la posizione. Verifica città e regione.",
  serviceError: "Errore durante la geolocalizzazione",
  invalidCoordinates: "Coordinate non valide",
  noPlaceAtPoint: "Nessun comune trovato in questo punto",
} as const;
