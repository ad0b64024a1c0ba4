import { onScopeDispose, ref, type Ref } from 'vue'

/** A ref holding Date.now(), refreshed every `intervalMs` while the calling scope lives. */
export function useNow(intervalMs = 200): Ref<number> {
  const now = ref(Date.now())
  const id = setInterval(() => {
    now.value = Date.now()
  }, intervalMs)
  onScopeDispose(() => clearInterval(id))
  return now
}
