import { createPinia } from 'pinia'
import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { refereeMessages } from '../i18n/referee-messages'
import '../shared/base.css'
import './referee.css'
import App from './App.vue'

createApp(App).use(createPinia()).use(createAppI18n(refereeMessages)).mount('#app')
