import { create } from 'zustand';

const TOAST_VISIBLE_MS = 2500;
export const TOAST_FADE_MS = 500;

interface ToastState {
  message: string | null;
  /** Changes with every toast, so the same words twice still show twice. */
  serial: number;
  fading: boolean;
  show: (message: string) => void;
}

let timers: ReturnType<typeof setTimeout>[] = [];

export const useToast = create<ToastState>()((set) => ({
  message: null,
  serial: 0,
  fading: false,
  show: (message) => {
    timers.forEach(clearTimeout);
    set((state) => ({ message, serial: state.serial + 1, fading: false }));
    timers = [
      setTimeout(() => set({ fading: true }), TOAST_VISIBLE_MS),
      setTimeout(() => set({ message: null, fading: false }), TOAST_VISIBLE_MS + TOAST_FADE_MS),
    ];
  },
}));

export const showToast = (message: string) => useToast.getState().show(message);
