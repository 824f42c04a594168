/** The signed-in caller every use case acts for. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};
