// Placeholder until the console shell lands.
export {};
