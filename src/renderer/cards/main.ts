import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import './cards.css'
import App from './App.vue'

createApp(App).use(createAppI18n()).mount('#app')
