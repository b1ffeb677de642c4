Feature: The Investigation
  Transcribes the rulebook section "The Investigation": the three questions
  to answer (who stole, what, where it is hidden) and the clue cards that
  name the six suspects, the six items and the nine locations.

  @CD-INV-01 @setup
  Rule: The case to solve is one suspect, one item and one location, and they are exactly the three cards of the case file
    Source: Components ¶20; The Investigation ¶30-34, ¶36, ¶38
    Example: the case file holds one card of each kind
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When the case file is filled with Dick Perry, the antique books and the Bibliothek
      Then the case file holds one suspect, one item and one location

    Example: the case file cannot be filled with two suspects
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When chance tries to send {"type": "fill_case_file", "suspect": "Dick Perry", "item": "Brittany", "location": "Bibliothek"}
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-INV-02 @setup
  Rule: The six suspects, six items and nine locations are the rulebook's names
    Source: The Investigation ¶35, ¶37, ¶39
    Scenario Outline: <card> is a <kind>
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      Then <card> is a clue card of kind <kind>

      Examples:
        | card                   | kind     |
        | Brittany               | suspect  |
        | Dick Perry             | suspect  |
        | Mr. Grey               | suspect  |
        | Skinner Norris         | suspect  |
        | Victor Hugenay         | suspect  |
        | Wilbur Graham          | suspect  |
        | antique books          | item     |
        | limited edition comics | item     |
        | painting               | item     |
        | golden belt            | item     |
        | the Super Parrot       | item     |
        | treasure of gold coins | item     |
        | Altes Stadttheater     | location |
        | Art Gallery Hall       | location |
        | Bibliothek             | location |
        | Friedhof               | location |
        | Highschool             | location |
        | Marios Eispalast       | location |
        | Memorial Hospital      | location |
        | Palisades Park         | location |
        | Strand                 | location |
