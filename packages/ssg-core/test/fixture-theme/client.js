import './client.css'
document.documentElement.dataset.hydrated = 'true'
