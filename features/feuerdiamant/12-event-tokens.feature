Feature: The event tokens
  Transcribes the rulebook section "The Event Tokens": what each kind of token
  does when it is carried out. The set of 28 tokens is our model (FD-MOD-04).

  @FD-EVT-01 @model-tracks
  Rule: A token with one hazard symbol moves that colour's indicator one space, a token with two symbols two spaces, and the spaces it reaches activate their own tokens
    Source: Cards and Tokens ¶107-109

    Example: "2 blue" moves blue two spaces and activates blue's token on the way
      Given a 2-player game at difficulty 5
      And no event token lies on the blue track
      And the event token "2 blue" lies on space 6 of the red track
      And the event token "1 white" lies on space 6 of the blue track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the blue hazard indicator stands on space 7
      And the event token on space 6 of the blue track is activated

  @FD-EVT-02 @model-tracks
  Rule: A roadblock token lies down on the fingerprint space between the two locations it names
    Source: Cards and Tokens ¶110

    Example: the roadblock between Kunstgalerie and Zeitungsverlag
      Given a 2-player game at difficulty 5
      And the event token "roadblock Kunstgalerie~Zeitungsverlag" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then a roadblock lies between "Kunstgalerie" and "Zeitungsverlag"
      And it is Peter's movement step

  @FD-EVT-03 @ruling @model-tracks
  Rule: "Double the hazard die" moves the indicator the die moved this turn once more, so the die's result counts twice
    Source: Cards and Tokens ¶108
    The rulebook names such a token only in a note on "Hazard Die x2"; we model it
    as repeating this turn's die result (for a star, the colour chosen). When
    the die's result was ignored nothing moved, and the token does nothing.

    Example: red rolled, red moves again
      Given a 2-player game at difficulty 5
      And no event token lies on the red track
      And the event token "double the hazard die" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the red hazard indicator stands on space 7

    Example: the die's colour moves again, even when the token lay on another track
      Given a 2-player game at difficulty 5
      And no event token lies on the red track
      And the event token "double the hazard die" lies on space 6 of the white track
      And the event token "1 white" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      And Peter carries out the event
      Then the red hazard indicator stands on space 7
      And the white hazard indicator stands on space 6

    Example: for a star, the colour chosen moves again
      Given a 2-player game at difficulty 5
      And no event token lies on the blue track
      And the event token "double the hazard die" lies on space 6 of the blue track
      And Peter has rolled "star" and 3
      When Peter moves the blue hazard indicator
      And Peter carries out the event
      Then the blue hazard indicator stands on space 7
      And the red hazard indicator stands on space 5

  @FD-EVT-04 @model-tracks
  Rule: "Palisades Park and Hospital" sends the face-up suspects on those two locations into hiding beside the board; face-down cards and helpers stay
    Source: Cards and Tokens ¶112

    Example: both face up
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Palisades Park"
      And "Skinny Norris" lies face up at "Hospital"
      And the event token "Palisades Park and Hospital" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" is in hiding beside the board
      And "Skinny Norris" is in hiding beside the board

    Example: only one face up
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Palisades Park"
      And "Morton" lies face up at "Hospital"
      And the event token "Palisades Park and Hospital" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" is in hiding beside the board
      And "Morton" lies face up at "Hospital"

  @FD-EVT-05 @model-tracks
  Rule: "Shuffle two suspects" turns two face-up suspects from any locations face down; a lone face-up suspect is turned face down where he lies
    Source: Cards and Tokens ¶111
    See also: FD-EVT-06, FD-EVT-07

    Example: the only two face-up suspects both end face down
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And "Skinny Norris" lies face up at "Hospital"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then chance is to place a person
      When chance draws "Victor Hugenay"
      And chance draws "Skinny Norris"
      Then every person card on the board lies face down
      And no view shows a face-down card
      And it is Peter's movement step

    Example: a lone face-up suspect turns face down in place
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" lies face down at "Jachthafen"
      And it is Peter's movement step

    Example: a suspect in hiding beside the board is not face up on a location, and stays there
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And "Brittany" is in hiding beside the board
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" lies face down at "Jachthafen"
      And "Brittany" is in hiding beside the board

  @FD-EVT-06 @ruling @model-tracks
  Rule: "Shuffle two suspects" with no suspect face up on the board does nothing, and the token goes into the box
    Source: Cards and Tokens ¶111
    The rulebook says what to do with two face-up suspects and with one, not
    with none.  There is nothing to turn, so the token is carried out without
    effect.

    Example: every person lies face down: nothing changes
      Given a 2-player game at difficulty 5
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then every person card on the board lies face down
      And the event token on space 6 of the red track is gone
      And it is Peter's movement step

  @FD-EVT-07 @ruling @model-tracks
  Rule: With more than two suspects face up the active player picks the two; the two go back face down onto the two places they came from, in an order chance decides
    Source: Cards and Tokens ¶111
    The rulebook lets the two be taken "from any locations" and returned face
    down, without saying who picks them or where they go.  The player whose
    turn it is picks (the team agrees); shuffling two cards and laying them
    back on the two places they left keeps every location with one person and
    leaves the players unsure which is where.  The order is a chance move.

    Example: Peter picks two of three face-up suspects, chance places them
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And "Skinny Norris" lies face up at "Hospital"
      And "Brittany" lies face up at "Rathaus"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then Peter may carry out the event on "Brittany" and "Skinny Norris"
      When Peter carries out the event on "Victor Hugenay" and "Skinny Norris"
      Then chance is to place a person
      When chance draws "Skinny Norris"
      And chance draws "Victor Hugenay"
      Then "Skinny Norris" lies face down at "Hospital"
      And "Victor Hugenay" lies face down at "Jachthafen"
      And "Brittany" lies face up at "Rathaus"
      And no view shows a face-down card

    Example: with three face up, Peter must name the two
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And "Skinny Norris" lies face up at "Hospital"
      And "Brittany" lies face up at "Rathaus"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter tries to carry out the event
      Then the action is rejected as illegal_action
      And the game is exactly as it was
