/** A start refused for a reason the operator can fix from the message alone (printed as one line). */
export class StartRefusedError extends Error {}
