import { Link } from "react-router";
import { MessagePanel } from "~/components/message-panel";
import { LISTING_MESSAGES } from "~/listings/validation";

/** "Annuncio non trovato": unknown, malformed or hidden listings (detail and report pages). */
export function ListingNotFound() {
  return (
    <MessagePanel title={LISTING_MESSAGES.notFound} text={LISTING_MESSAGES.notFoundDetail}>
      <Link to="/pet-listings" className="btn-primary">
        Vai agli annunci
      </Link>
    </MessagePanel>
  );
}
