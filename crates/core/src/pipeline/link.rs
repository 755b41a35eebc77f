//! A pipeline in one link.
