//! Pieces every game's page uses: the canvas painter, dialogs, file downloads.

pub mod canvas;
pub mod confirm;
pub mod crash;
pub mod dialog;
pub mod download;
pub mod drawn;
pub mod embed;
pub mod form;
pub mod keep;
pub mod link;
pub mod lms;
pub mod package;
pub mod rules;
pub mod session;
pub mod slices;
pub mod worker;
