/** Header that carries the page's token on API calls (EventSource cannot send headers: it uses ?token=). */
export const TOKEN_HEADER = 'x-nightfall-token'
/** Header that carries a one-time print ticket (the cards page; see src/web/print-tickets.ts). */
export const TICKET_HEADER = 'x-nightfall-ticket'
