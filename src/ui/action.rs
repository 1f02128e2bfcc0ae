//! A page's actions are named both ways from one table: the enum writes the `data-action` its
//! buttons carry, and reads it back when one is clicked. Build code passes the enum, never a
//! string, so a misspelt action does not compile; each page's test round-trips every entry.

/// An action enum whose values have names (`data-action`).
pub trait Named: Sized {
    /// The name a button carries.
    fn name(&self) -> String;
    /// The action a name stands for.
    fn parse(text: &str) -> Option<Self>;
    /// One value of every entry of the table (numbers and text zero or empty): what the
    /// round-trip tests walk.
    fn examples() -> Vec<Self>;
}

/// Implements `Named` for an enum from its table: `"name" => [value],` for a value without
/// arguments, `"prefix" (a, b) => [value using a and b],` for one with (named `prefix` then the
/// arguments, `:` between them). The value is written once and used both as the pattern that
/// names it and as the expression that a name builds, so the table cannot disagree with itself;
/// a variant missing from it leaves `name` unfinished, which does not compile.
#[macro_export]
macro_rules! named_actions {
    ($ty:ty { $( $name:literal $( ( $($arg:ident),+ ) )? => [ $($value:tt)+ ], )* }) => {
        impl $crate::ui::action::Named for $ty {
            fn name(&self) -> String {
                match self {
                    $( $($value)+ => {
                        #[allow(unused_mut)]
                        let mut text = String::from($name);
                        $( $( text.push_str(&$arg.to_string()); text.push(':'); )+
                           text.pop(); )?
                        text
                    } )*
                }
            }

            fn parse(text: &str) -> Option<Self> {
                $( $crate::named_actions!(@try text, $name $( ( $($arg),+ ) )? => [ $($value)+ ]); )*
                None
            }

            fn examples() -> Vec<Self> {
                vec![ $( {
                    $( $( let $arg = Default::default(); )+ )?
                    $($value)+
                }, )* ]
            }
        }
    };
    (@try $text:ident, $name:literal => [ $($value:tt)+ ]) => {
        if $text == $name {
            return Some($($value)+);
        }
    };
    (@try $text:ident, $name:literal ( $($arg:ident),+ ) => [ $($value:tt)+ ]) => {
        if let Some(rest) = $text.strip_prefix($name) {
            let mut parts = rest.split(':');
            let read = (|| {
                $( let $arg = parts.next()?.parse().ok()?; )+
                match parts.next() {
                    Some(_) => None,
                    None => Some($($value)+),
                }
            })();
            if read.is_some() {
                return read;
            }
        }
    };
}

/// Round-trips every entry of `A`'s table: what each page's test calls.
pub fn round_trips<A: Named + PartialEq + std::fmt::Debug>() -> Result<usize, String> {
    let examples = A::examples();
    for action in &examples {
        let name = action.name();
        match A::parse(&name) {
            Some(back) if back == *action => {}
            other => {
                return Err(format!(
                    "{action:?} is named {name:?}, read back as {other:?}"
                ))
            }
        }
    }
    Ok(examples.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    // The library's own browser tests (each page's table is round-tripped in its own module).
    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    #[derive(Clone, Debug, PartialEq)]
    enum Sample {
        Plain,
        Flag { on: bool },
        One(usize),
        Two { a: usize, b: usize },
        Word(String),
    }

    crate::named_actions!(Sample {
        "plain" => [Sample::Plain],
        "flag-on" => [Sample::Flag { on: true }],
        "flag-off" => [Sample::Flag { on: false }],
        "one-" (n) => [Sample::One(n)],
        "two:" (a, b) => [Sample::Two { a, b }],
        "word-" (w) => [Sample::Word(w)],
    });

    /// Every page's table, each entry named and read back.
    #[wasm_bindgen_test]
    fn every_page_names_its_actions_both_ways() {
        let counts = [
            #[cfg(feature = "ade")]
            round_trips::<crate::ui::ade::action::Action>(),
            #[cfg(feature = "bazaar")]
            round_trips::<crate::ui::bazaar::action::Action>(),
            #[cfg(feature = "sprouts")]
            round_trips::<crate::ui::glop::action::Action>(),
            // (Sprouts to play's own buttons, with the board shell's.)
            #[cfg(feature = "sprouts")]
            round_trips::<crate::ui::board::BoardAction<crate::ui::sprouts::Action>>(),
        ];
        for count in counts {
            assert!(count.clone().unwrap() > 10, "{count:?}");
        }
        // The fields a page listens to by name, named the same way.
        #[cfg(feature = "sprouts")]
        assert_eq!(round_trips::<crate::ui::glop::action::Field>(), Ok(7));
        #[cfg(feature = "bazaar")]
        assert_eq!(round_trips::<crate::ui::bazaar::action::Field>(), Ok(9));
    }

    #[wasm_bindgen_test]
    fn a_table_names_each_value_and_reads_the_name_back() {
        assert_eq!(round_trips::<Sample>(), Ok(6));
        assert_eq!(Sample::Two { a: 3, b: 12 }.name(), "two:3:12");
        assert_eq!(Sample::parse("two:3:12"), Some(Sample::Two { a: 3, b: 12 }));
        assert_eq!(Sample::parse("one-7"), Some(Sample::One(7)));
        assert_eq!(Sample::parse("word-tab"), Some(Sample::Word("tab".into())));
        for wrong in ["", "plains", "one-", "one-x", "two:3", "two:3:4:5", "flag"] {
            assert_eq!(Sample::parse(wrong), None, "{wrong}");
        }
    }
}
