// Placeholder until the first benchmark lands.
export {};
