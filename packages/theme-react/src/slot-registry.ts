/**
 * The components a site adds at the theme's slots (config `theme.slots`). Empty in the package:
 * `@ssg/core` replaces this module, for the server render and the browser bundle alike, with one
 * that imports the site's slot modules. Nothing else belongs here.
 */
import type { ComponentType } from 'react'
import type { SlotComponentProps, SlotName } from './slots'

export const slotComponents: Partial<
  Record<SlotName, ReadonlyArray<ComponentType<SlotComponentProps>>>
> = {}
