import './client.css'
import { Banner } from './components/Banner.js'
import { slotComponents } from './slot-registry.js'

document.documentElement.dataset.banner = Banner({ title: 'client' })
document.documentElement.dataset.slots = Object.keys(slotComponents).join(',')
