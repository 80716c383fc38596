//! Computer players for Detective Graves.
