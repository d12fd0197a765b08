//! oclc library facade
