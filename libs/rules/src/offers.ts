/**
 * Most offers a list of one's offers (Incoming, Sent) holds, newest first. The web takes an ended
 * offer out of a list it holds without asking again, unless the list was full: then an older
 * offer moves up into the place.
 */
export const OFFER_LIST_LIMIT = 200;
