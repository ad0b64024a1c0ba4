import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { cardsMessages } from '../i18n/cards-messages'
import './cards.css'
import App from './App.vue'

createApp(App).use(createAppI18n(cardsMessages)).mount('#app')
