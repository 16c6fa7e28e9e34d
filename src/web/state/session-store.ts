import { create } from 'zustand';
import { userInfoSchema, type UserInfo } from '../../shared/accounts';
import { readStored, writeStored } from './stored';

export type { UserInfo };

interface SessionState {
  userInfo: UserInfo | null;
  signIn: (userInfo: UserInfo) => void;
  signOut: () => void;
}

/** Who is signed in, kept under `userInfo`. The server checks the token on every call. */
export const useSession = create<SessionState>()((set) => ({
  userInfo: readStored('userInfo', userInfoSchema.nullable(), null),
  signIn: (userInfo) => set({ userInfo }),
  signOut: () => set({ userInfo: null }),
}));

useSession.subscribe((state, previous) => {
  if (state.userInfo !== previous.userInfo) writeStored('userInfo', state.userInfo);
});
