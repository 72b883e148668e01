/** Whether a request URL is part of the API (as opposed to the web app's files). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
