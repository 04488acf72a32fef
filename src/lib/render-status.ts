/**
 * How a loader tells the server that what it renders is a miss (a link to an item the catalogue does
 * not hold): the page still renders (the listing, with the spec's Error dialog), answered as 404 so
 * no crawler keeps it. The server sets the reporter; in the browser it does nothing.
 */
let reporter: (status: number) => void = () => undefined;

export function setStatusReporter(next: (status: number) => void): void {
  reporter = next;
}

export function reportStatus(status: number): void {
  reporter(status);
}
