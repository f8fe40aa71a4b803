export function Banner({ title }) {
  return `<header class="theme-banner">${title}</header>`
}

export const bannerHeight = 48
