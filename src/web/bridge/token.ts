/** Header that carries the page's token on API calls (EventSource cannot send headers: it uses ?token=). */
export const TOKEN_HEADER = 'x-nightfall-token'
