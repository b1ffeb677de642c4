Feature: Clever Moves — secret passages
  Transcribes the rulebook section "Clever Moves / Secret Passages": at the
  start of a turn a pawn in a location with a passage may go straight to the
  other end instead of rolling; a pawn never goes through a location within
  one turn; the Crypt links the Friedhof and the Memorial Hospital.

  @CD-PAS-01 @model-passages
  Rule: At the start of a turn, a player in a location with a secret passage may go through it instead of rolling, and then questions in the location reached
    Source: Secret Passages ¶88
    Example: Justus goes from the Friedhof through the Crypt into the Memorial Hospital
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Friedhof
      When Justus Jonas takes the secret passage
      Then Justus Jonas stands in the Memorial Hospital
      And Justus Jonas must ask a question in the Memorial Hospital

    Example: the passage is a choice: Justus may roll instead
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Friedhof
      Then Justus Jonas may take the secret passage
      And Justus Jonas may roll the dice

  @CD-PAS-02 @model-passages
  Rule: The secret passage is taken only at the start of the turn, never after rolling
    Source: Secret Passages ¶88
    Example: at the start of his turn, before rolling, Justus may take the passage
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Friedhof
      And it is Justus Jonas's turn
      Then Justus Jonas may take the secret passage

    Example: having rolled, Justus can no longer take the passage
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Friedhof
      When Justus Jonas rolls 2 and 2
      And Justus Jonas tries to take the secret passage
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-PAS-03 @model-passages
  Rule: The Crypt is a passage both ways between the Friedhof and the Memorial Hospital
    Source: Secret Passages ¶90
    Example: from the Memorial Hospital back to the Friedhof
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Memorial Hospital
      When Justus Jonas takes the secret passage
      Then Justus Jonas stands in the Friedhof

  @CD-PAS-04 @ruling @model-board @model-passages
  Rule: A second secret passage links the Bibliothek and Palisades Park, both ways; no other location has one
    Source: Secret Passages ¶88
    The rulebook names only the Crypt; its board, like classic Cluedo's, has
    passages between opposite corners.  We model one more pair.

    Example: from the Bibliothek to Palisades Park
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Bibliothek
      When Justus Jonas takes the secret passage
      Then Justus Jonas stands in the Palisades Park

    Example: from Palisades Park back to the Bibliothek
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the Palisades Park
      When Justus Jonas takes the secret passage
      Then Justus Jonas stands in the Bibliothek

    Scenario Outline: <place> has no passage
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands in the <place>
      When Justus Jonas tries to take the secret passage
      Then the action is rejected as illegal_action
      And the game is exactly as it was

      Examples:
        | place              |
        | Strand             |
        | Altes Stadttheater |
        | Art Gallery Hall   |
        | Highschool         |
        | Marios Eispalast   |
        | Headquarters       |

  @CD-PAS-05 @model-board
  Rule: Within one turn a pawn never passes through a location to reach a path space or another location
    Source: Secret Passages ¶89
    Example: from Lane A3 a roll of two enters the Headquarters but cannot cross it to Lane C3
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands on Lane A3
      When Justus Jonas rolls ? and ?
      Then Justus Jonas may move exactly to Headquarters, Lane A1 and Lane A3

  @CD-PAS-06 @model-board @model-passages
  Rule: The rulebook's example: from the Strand into the Friedhof, and on the next turn through the Crypt into the Memorial Hospital
    Source: Secret Passages ¶90
    @needs:CD-END-01
    Example: Uncle Titus follows the example
      Given a game of Justus Jonas, Peter Shaw and Uncle Titus
      And it is Uncle Titus's turn
      And Uncle Titus stands in the Strand
      When Uncle Titus rolls 3 and 3
      And Uncle Titus moves to the Friedhof
      And Uncle Titus asks about Brittany, the painting and the Friedhof
      And every question is answered
      And Justus Jonas rolls 2 and 2
      And Justus Jonas moves to Ring 4
      And Peter Shaw rolls 2 and 2
      And Peter Shaw moves to Ring 14
      And Uncle Titus takes the secret passage
      Then Uncle Titus stands in the Memorial Hospital
