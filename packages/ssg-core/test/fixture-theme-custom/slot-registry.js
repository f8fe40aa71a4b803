// Replaced by the core when a site fills slots.
export const slotComponents = {}
