// Filled into the theme's `doc.after` slot: a small feedback box under every doc.
import { useState } from 'react'
import type { SlotComponentProps } from '@ssg/theme-react'

export default function Feedback({ page }: SlotComponentProps) {
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null)
  return (
    <aside className="orbitra-feedback" aria-label="Page feedback">
      {answer ? (
        <p role="status">Thanks: your answer about “{page.title}” was recorded.</p>
      ) : (
        <>
          <p>Was this page helpful?</p>
          <button type="button" onClick={() => setAnswer('yes')}>
            Yes
          </button>
          <button type="button" onClick={() => setAnswer('no')}>
            No
          </button>
        </>
      )}
    </aside>
  )
}
